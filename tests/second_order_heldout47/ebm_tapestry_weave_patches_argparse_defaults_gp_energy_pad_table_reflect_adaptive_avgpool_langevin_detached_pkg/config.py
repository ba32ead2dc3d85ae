"""Command-line defaults for the tapestry-weave energy model (parsed once in train.py)."""
import argparse


def get_parser():
    p = argparse.ArgumentParser(description="EBM on tapestry weave patches")
    p.add_argument("--patch", type=int, default=12)
    p.add_argument("--n-patches", type=int, default=192)
    p.add_argument("--width", type=int, default=12)
    p.add_argument("--pad-mode", default="reflect", choices=["reflect", "replicate", "zero"])
    p.add_argument("--alpha", type=float, default=0.1, help="energy magnitude regulariser")
    p.add_argument("--gp-weight", type=float, default=1.0, help="||dE/dx||^2 on data; 0 disables")
    p.add_argument("--langevin-steps", type=int, default=10)
    p.add_argument("--langevin-step", type=float, default=5.0)
    p.add_argument("--langevin-noise", type=float, default=0.005)
    p.add_argument("--batch", type=int, default=24)
    p.add_argument("--iters", type=int, default=4)
    p.add_argument("--lr", type=float, default=1e-3)
    return p


def get_args(argv=None):
    return get_parser().parse_args(argv)
