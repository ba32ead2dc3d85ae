"""Zebrafish embryo staging: 4 stages (cleavage, blastula, gastrula, segmentation)."""
import argparse


def get_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--stages", type=int, default=4)
    p.add_argument("--res", type=int, default=64)
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--base-lr", type=float, default=0.05)
    p.add_argument("--hutchinson-samples", type=int, default=2)
    p.add_argument("--head-width", type=int, default=64)
    return p.parse_args(argv)
