"""Benchmarks, run with `make bench`; figures are ratios against a peer in the same run."""
