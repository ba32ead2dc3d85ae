"""Humpback song-unit spectrogram GAN settings."""
import argparse


def get_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--sr", type=int, default=4000)
    p.add_argument("--n-fft", type=int, default=62)
    p.add_argument("--hop", type=int, default=31)
    p.add_argument("--frames", type=int, default=16)
    p.add_argument("--patch", type=int, default=4)
    p.add_argument("--z-dim", type=int, default=32)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--gp", type=float, default=10.0)
    p.add_argument("--freq-mask", type=int, default=4)
    p.add_argument("--time-mask", type=int, default=4)
    return p.parse_args(argv)
