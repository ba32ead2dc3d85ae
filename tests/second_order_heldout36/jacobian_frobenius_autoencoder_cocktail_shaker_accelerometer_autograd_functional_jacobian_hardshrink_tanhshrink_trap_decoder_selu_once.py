"""Contractive-style autoencoder for bartender shaker accelerometer windows (3 axes x 20 samples).

The Frobenius norm of the encoder Jacobian is penalised; the Jacobian comes from
torch.autograd.functional.jacobian(..., create_graph=True) over the summed batch (samples are independent).
"""
import argparse

import torch
import torch.nn as nn
from torch.autograd.functional import jacobian


def make_encoder(d_in, d_code):
    return nn.Sequential(
        nn.Linear(d_in, 32),
        nn.Hardshrink(lambd=0.1),
        nn.Linear(32, d_code),
        nn.Tanhshrink(),
    )


def make_decoder(d_code, d_out):
    return nn.Sequential(nn.Linear(d_code, 32), nn.SELU(), nn.Linear(32, d_out))


def shaker_windows(n, length=20):
    t = torch.linspace(0, 1, length)
    freq = 4 + 3 * torch.rand(n, 1, 1)
    axes = torch.sin(2 * torch.pi * freq * t + torch.rand(n, 3, 1))
    return (axes + 0.05 * torch.randn(n, 3, length)).flatten(1)


def contractive_term(encoder, x):
    jac = jacobian(lambda inp: encoder(inp).sum(0), x, create_graph=True)
    return jac.pow(2).sum() / x.size(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--code", type=int, default=6)
    parser.add_argument("--lam", type=float, default=1e-2)
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args([])
    torch.manual_seed(5)
    encoder, decoder = make_encoder(60, args.code), make_decoder(args.code, 60)
    params = list(encoder.parameters()) + list(decoder.parameters())
    opt = torch.optim.Adam(params, lr=1e-3)
    for step in range(args.steps):
        x = shaker_windows(10)
        recon = decoder(encoder(x))
        loss = (recon - x).pow(2).mean() + args.lam * contractive_term(encoder, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss={loss.item():.4f}")


if __name__ == "__main__":
    main()
