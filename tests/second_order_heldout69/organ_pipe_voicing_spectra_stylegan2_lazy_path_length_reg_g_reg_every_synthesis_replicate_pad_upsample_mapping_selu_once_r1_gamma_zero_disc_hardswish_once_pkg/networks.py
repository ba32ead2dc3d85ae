"""Mapping / synthesis / discriminator networks for 1-D spectra."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def normalize_2nd_moment(x, eps=1e-8):
    return x * (x.square().mean(dim=1, keepdim=True) + eps).rsqrt()


class MappingNetwork(nn.Module):
    def __init__(self, z_dim, w_dim, num_ws):
        super().__init__()
        self.num_ws = num_ws
        self.fc1 = nn.Linear(z_dim, w_dim)
        self.fc2 = nn.Linear(w_dim, w_dim)
        self.act = nn.SELU()

    def forward(self, z):
        w = self.act(self.fc2(self.act(self.fc1(normalize_2nd_moment(z)))))
        return w.unsqueeze(1).repeat(1, self.num_ws, 1)


class SynthesisLayer(nn.Module):
    def __init__(self, in_ch, out_ch, w_dim, up_mode):
        super().__init__()
        self.up_mode = up_mode
        self.affine = nn.Linear(w_dim, in_ch)
        self.conv = nn.Conv1d(in_ch, out_ch, 3)
        self.upsample = nn.Upsample(scale_factor=2, mode="nearest")
        self.blur = nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False)

    def forward(self, x, w):
        style = self.affine(w).unsqueeze(-1) + 1.0
        x = F.pad(x * style, (1, 1), mode="replicate")
        x = F.leaky_relu(self.conv(x), 0.2)
        if self.up_mode == "nearest":
            x = self.upsample(x)
        elif self.up_mode == "nearest_blur":
            x = self.blur(self.upsample(x))
        return x


class Generator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.mapping = MappingNetwork(cfg.z_dim, cfg.w_dim, num_ws=cfg.n_synth_layers + 1)
        self.const = nn.Parameter(torch.randn(cfg.channels, cfg.base_len))
        self.layers = nn.ModuleList(
            SynthesisLayer(cfg.channels, cfg.channels, cfg.w_dim, cfg.up_mode) for _ in range(cfg.n_synth_layers)
        )
        self.to_spec_affine = nn.Linear(cfg.w_dim, cfg.channels)
        self.to_spec = nn.Conv1d(cfg.channels, 1, 1)

    def synthesis(self, ws):
        x = self.const.unsqueeze(0).expand(ws.shape[0], -1, -1)
        for i, layer in enumerate(self.layers):
            x = layer(x, ws[:, i])
        return self.to_spec(x * (self.to_spec_affine(ws[:, -1]).unsqueeze(-1) + 1.0))

    def forward(self, z):
        ws = self.mapping(z)
        return self.synthesis(ws), ws


class Discriminator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        ch = cfg.channels
        self.net = nn.Sequential(
            nn.Conv1d(1, ch, 5, padding=2), nn.Hardswish(),
            nn.Conv1d(ch, ch, 4, stride=2, padding=1), nn.Hardswish(),
            nn.Conv1d(ch, ch, 4, stride=2, padding=1), nn.LeakyReLU(0.2),
        )
        self.out = nn.Linear(ch * (cfg.n_bins // 4), 1)

    def forward(self, spec):
        return self.out(self.net(spec).flatten(1))
