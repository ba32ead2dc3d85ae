"""Run configuration: CSO chamber level forecasting from rain gauges + upstream level sensors."""
import argparse


def get_config(argv=None):
    p = argparse.ArgumentParser(description="TCN forecaster for combined sewer overflow chamber levels")
    p.add_argument("--channels", type=int, nargs="+", default=[16, 16, 16])
    p.add_argument("--kernel-size", type=int, default=3)
    p.add_argument("--window", type=int, default=32)
    p.add_argument("--horizon", type=int, default=4)
    p.add_argument("--n-inputs", type=int, default=3)
    p.add_argument("--regularizer", default="jacobian_frobenius", choices=["jacobian_frobenius", "finite_difference"])
    p.add_argument("--reg-weight", type=float, default=0.01)
    p.add_argument("--steps", type=int, default=4)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--lr", type=float, default=2e-3)
    return p.parse_args(argv)
