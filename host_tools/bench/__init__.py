"""`make bench` and `make soak`: the figures in bench/results.json and the long sessions."""
