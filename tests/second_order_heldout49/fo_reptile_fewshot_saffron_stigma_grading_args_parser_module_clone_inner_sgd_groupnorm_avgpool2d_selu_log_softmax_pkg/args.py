"""Options for Reptile on few-shot saffron stigma grading (ISO 3632 categories from macro photos)."""
import argparse


def get_parser():
    p = argparse.ArgumentParser(description="Reptile meta-learning for saffron stigma grading")
    p.add_argument("--n-way", type=int, default=3)
    p.add_argument("--k-shot", type=int, default=3)
    p.add_argument("--img", type=int, default=12)
    p.add_argument("--width", type=int, default=8)
    p.add_argument("--inner-steps", type=int, default=4)
    p.add_argument("--inner-lr", type=float, default=0.05)
    p.add_argument("--meta-lr", type=float, default=0.5, help="Reptile step size epsilon (outer SGD lr)")
    p.add_argument("--meta-batch", type=int, default=2)
    p.add_argument("--meta-steps", type=int, default=3)
    p.add_argument("--seed", type=int, default=9)
    return p
