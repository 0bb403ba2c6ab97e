"""`skilllint report`: the aggregates of a tree of skills across runtimes (`build`), gathered in one
lint pass and one coverage pass (`gather`), for the HTML page and the JSON document."""
