"""Command-line configuration for the rain-gauge interpolation run."""
import argparse
from types import SimpleNamespace


def get_config(argv=None):
    p = argparse.ArgumentParser(description="daily precipitation field from sparse gauges")
    p.add_argument("--field", default="fourier_mlp")
    p.add_argument("--prior", default="thin_plate", choices=["thin_plate", "laplacian"])
    p.add_argument("--prior-weight", type=float, default=1e-3)
    p.add_argument("--approximate", default="tanh", help="GELU approximation used by the field")
    p.add_argument("--width", type=int, default=64)
    p.add_argument("--n-fourier", type=int, default=16)
    p.add_argument("--gauges", type=int, default=40)
    p.add_argument("--colloc", type=int, default=32)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--lr", type=float, default=2e-3)
    args = p.parse_args(argv)
    return SimpleNamespace(**vars(args), seed=11)
