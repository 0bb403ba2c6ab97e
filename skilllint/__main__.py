from skilllint.cli import main

main()
