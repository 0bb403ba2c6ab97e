from skilllint.output.cli import main

main()
