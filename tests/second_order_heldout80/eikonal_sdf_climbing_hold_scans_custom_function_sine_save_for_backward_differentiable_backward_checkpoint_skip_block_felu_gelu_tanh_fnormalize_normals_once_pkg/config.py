"""Hyper-parameters for fitting signed distance fields to 3-D scans of climbing holds."""
import argparse


def get_args(argv=None):
    p = argparse.ArgumentParser(description="SIREN-style SDF for climbing-hold scans")
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--n-surface", type=int, default=96)
    p.add_argument("--n-space", type=int, default=96)
    p.add_argument("--width", type=int, default=32)
    p.add_argument("--omega", type=float, default=15.0)
    p.add_argument("--w-eikonal", type=float, default=0.1)
    p.add_argument("--w-normal", type=float, default=0.5)
    p.add_argument("--checkpoint", action=argparse.BooleanOptionalAction, default=True)
    return p.parse_args(argv)
