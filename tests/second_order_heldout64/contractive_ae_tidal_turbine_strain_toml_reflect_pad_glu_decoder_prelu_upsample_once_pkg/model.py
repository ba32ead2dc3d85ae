"""Contractive autoencoder for blade-root strain windows."""
import torch
import torch.nn as nn

from layers import DECODER_ACTS, conv_stage


class StrainEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        enc, data = cfg.encoder, cfg.data
        chans = [data.channels] + list(enc.widths)
        self.stages = nn.ModuleList(
            conv_stage(a, b, enc.kernel, enc.padding_mode, enc.gate) for a, b in zip(chans[:-1], chans[1:])
        )
        length = data.window // (2 ** len(enc.widths))
        self.to_latent = nn.Linear(chans[-1] * length, enc.latent)

    def forward(self, x):
        for stage in self.stages:
            x = stage(x)
        return self.to_latent(x.flatten(1))


class StrainDecoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        enc, data = cfg.encoder, cfg.data
        self.c0 = enc.widths[-1]
        self.l0 = data.window // (2 ** len(enc.widths))
        self.fc = nn.Linear(enc.latent, self.c0 * self.l0)
        self.up = nn.Upsample(scale_factor=2 ** len(enc.widths), mode=cfg.decoder.upsample)
        self.conv = nn.Conv1d(self.c0, self.c0, 5, padding=2)
        self.act = DECODER_ACTS[cfg.decoder.act]()
        self.out = nn.Conv1d(self.c0, data.channels, 5, padding=2)

    def forward(self, z):
        h = self.fc(z).view(z.shape[0], self.c0, self.l0)
        return self.out(self.act(self.conv(self.up(h))))


class ContractiveAE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = StrainEncoder(cfg)
        self.decoder = StrainDecoder(cfg)

    def forward(self, x):
        z = self.encoder(x)
        return z, self.decoder(z)


def contractive_penalty(z, x, n_proj, create_graph):
    """E_v ||v^T dz/dx||^2 * latent_dim  ~  ||J||_F^2."""
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(z)
        (vjp,) = torch.autograd.grad(z, x, grad_outputs=v, create_graph=create_graph)
        total = total + vjp.pow(2).flatten(1).sum(1).mean()
    return total / n_proj
