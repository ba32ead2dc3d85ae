"""Hyper-parameters for the Mirnov-coil energy-based model (JEM-style short-run Langevin)."""
import argparse


def get_config(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--coils", type=int, default=4)
    p.add_argument("--window", type=int, default=64)
    p.add_argument("--n-shots", type=int, default=160)
    p.add_argument("--width", type=int, default=32)
    p.add_argument("--langevin-steps", type=int, default=10)
    p.add_argument("--langevin-step-size", type=float, default=1.0)
    p.add_argument("--langevin-noise", type=float, default=0.01)
    p.add_argument("--buffer-size", type=int, default=256)
    p.add_argument("--reinit-freq", type=float, default=0.05)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    args.loss_weights = {"cd": 1.0, "energy_l2": 0.1, "grad_norm": 1.0}
    return args
