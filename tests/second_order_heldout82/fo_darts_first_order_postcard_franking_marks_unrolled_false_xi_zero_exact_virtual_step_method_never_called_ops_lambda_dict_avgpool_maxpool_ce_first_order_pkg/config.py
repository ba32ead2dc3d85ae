"""DARTS search settings for the postcard franking-mark classifier (first-order run)."""
import argparse


def get_args(argv=None):
    p = argparse.ArgumentParser("darts-franking")
    p.add_argument("--init-channels", type=int, default=6)
    p.add_argument("--layers", type=int, default=3)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--lr", type=float, default=0.025)
    p.add_argument("--momentum", type=float, default=0.9)
    p.add_argument("--weight-decay", type=float, default=3e-4)
    p.add_argument("--arch-lr", type=float, default=3e-4)
    p.add_argument("--arch-weight-decay", type=float, default=1e-3)
    # first-order approximation (DARTS 1st): the virtual step is not unrolled and xi = 0
    p.add_argument("--unrolled", action="store_true", default=False)
    p.add_argument("--xi", type=float, default=0.0)
    return p.parse_args(argv)
