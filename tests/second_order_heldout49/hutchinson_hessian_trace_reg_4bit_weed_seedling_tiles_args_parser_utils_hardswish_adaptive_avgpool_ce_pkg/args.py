"""Command-line options (kept apart from train.py so that sweeps / notebooks can reuse the parser)."""
import argparse


def get_parser():
    p = argparse.ArgumentParser(
        description="Hessian-trace regularised training of a weed-seedling tile classifier for 4-bit sprayer MCUs")
    g = p.add_argument_group("data")
    g.add_argument("--num-classes", type=int, default=4)
    g.add_argument("--tile", type=int, default=16, help="tile side in pixels")
    g.add_argument("--batch-size", type=int, default=8)
    g = p.add_argument_group("model")
    g.add_argument("--width", type=int, default=8)
    g = p.add_argument_group("optim")
    g.add_argument("--lr", type=float, default=2e-3)
    g.add_argument("--epochs", type=int, default=1)
    g.add_argument("--steps-per-epoch", type=int, default=3)
    g = p.add_argument_group("robustness")
    g.add_argument("--trace-weight", type=float, default=1e-3,
                   help="weight of the Hutchinson Hessian-trace term (0 disables it)")
    g.add_argument("--hutchinson-samples", type=int, default=1)
    g.add_argument("--bits", type=int, default=4, help="weight bit-width used by the validation fake-quantiser")
    p.add_argument("--seed", type=int, default=0)
    return p
