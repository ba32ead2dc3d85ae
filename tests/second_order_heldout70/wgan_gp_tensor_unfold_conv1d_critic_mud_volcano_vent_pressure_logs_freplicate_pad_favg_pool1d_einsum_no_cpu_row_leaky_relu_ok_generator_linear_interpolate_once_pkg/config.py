import argparse


def get_config(argv=None):
    p = argparse.ArgumentParser(description="WGAN-GP on mud-volcano vent pressure logs")
    p.add_argument("--channels", type=int, default=2)       # vent pressure, gas flux
    p.add_argument("--length", type=int, default=32)
    p.add_argument("--zdim", type=int, default=16)
    p.add_argument("--width", type=int, default=16)
    p.add_argument("--kernel", type=int, default=5)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--iters", type=int, default=3)
    p.add_argument("--n-critic", type=int, default=2)
    p.add_argument("--gp-lambda", type=float, default=10.0)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--seed", type=int, default=31)
    return p.parse_args(argv)
