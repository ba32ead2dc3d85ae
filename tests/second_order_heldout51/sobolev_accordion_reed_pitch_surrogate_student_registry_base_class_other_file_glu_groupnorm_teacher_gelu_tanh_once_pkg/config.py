"""Command-line settings for Sobolev training of an accordion-reed pitch surrogate."""
import argparse

FEATURES = ("tongue_length_mm", "tongue_thickness_mm", "bellows_pressure_pa", "temperature_c")


def get_parser():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--student", default="glu_mlp", help="key of students.STUDENTS")
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--sobolev-weight", type=float, default=1.0, help="weight of the d pitch / d input term")
    p.add_argument("--cosine-weight", type=float, default=0.1)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--seed", type=int, default=9)
    return p
