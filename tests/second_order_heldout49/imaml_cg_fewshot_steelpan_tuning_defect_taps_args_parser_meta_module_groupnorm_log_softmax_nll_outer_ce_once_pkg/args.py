"""Argument parser for implicit-MAML on few-shot steelpan tuning-defect taps (used by train.py)."""
import argparse


def get_parser():
    p = argparse.ArgumentParser(description="iMAML: few-shot classification of steelpan note-tuning defects from tap recordings")
    p.add_argument("--n-way", type=int, default=3, help="defect classes per task (flat, sharp, buzzing, dead, ok)")
    p.add_argument("--k-shot", type=int, default=2)
    p.add_argument("--k-query", type=int, default=3)
    p.add_argument("--n-mels", type=int, default=12)
    p.add_argument("--frames", type=int, default=20)
    p.add_argument("--width", type=int, default=16)
    p.add_argument("--pool", choices=["mean", "max"], default="mean")
    p.add_argument("--inner-steps", type=int, default=3)
    p.add_argument("--inner-lr", type=float, default=0.1)
    p.add_argument("--lam", type=float, default=2.0, help="proximal regularisation strength (iMAML lambda)")
    p.add_argument("--cg-steps", type=int, default=4)
    p.add_argument("--meta-lr", type=float, default=1e-3)
    p.add_argument("--meta-batch", type=int, default=2)
    p.add_argument("--meta-steps", type=int, default=3)
    p.add_argument("--seed", type=int, default=3)
    return p
