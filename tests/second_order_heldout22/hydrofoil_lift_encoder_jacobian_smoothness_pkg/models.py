import torch.nn as nn
import torch.nn.functional as F


class ShrinkMixin:
    def shrink(self, h, lambd=0.05):
        return F.softshrink(h, lambd)


class FoilEncoder(ShrinkMixin, nn.Module):
    """Encodes 64 surface-pressure taps of a hydrofoil section into a unit-norm latent."""

    def __init__(self, taps=64, latent=8):
        super().__init__()
        self.inp = nn.Linear(taps, 2 * 32)
        self.glu = nn.GLU()
        self.lat = nn.Linear(32, latent)

    def encode(self, p):
        h = self.glu(self.inp(p))
        h = self.shrink(h)
        return F.normalize(self.lat(h), dim=-1)

    def forward(self, p):
        return self.encode(p)


class LiftDecoder(nn.Module):
    def __init__(self, latent=8):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(latent + 1, 32), nn.Hardswish(), nn.Linear(32, 2))

    def forward(self, z, aoa):
        return self.mlp(torch_cat(z, aoa))


def torch_cat(z, aoa):
    import torch
    return torch.cat([z, aoa], dim=-1)


class FoilSurrogate(nn.Module):
    def __init__(self, latent=8):
        super().__init__()
        self.encoder = FoilEncoder(latent=latent)
        self.decoder = LiftDecoder(latent)

    def forward(self, p, aoa):
        return self.decoder(self.encoder(p), aoa)


ARCHS = {"surrogate-8": lambda: FoilSurrogate(8), "surrogate-16": lambda: FoilSurrogate(16)}
