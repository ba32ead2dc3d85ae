"""Generator (mapping + modulated-conv synthesis) and discriminator for the marbled-paper GAN."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

import config


class MappingNetwork(nn.Module):
    def __init__(self, z_dim, w_dim, depth, act):
        super().__init__()
        layers = []
        for i in range(depth):
            layers.append(nn.Linear(z_dim if i == 0 else w_dim, w_dim))
            layers.append(getattr(nn, act)())
        self.net = nn.Sequential(*layers)

    def forward(self, z):
        z = z * torch.rsqrt(z.pow(2).mean(dim=1, keepdim=True) + 1e-8)
        return self.net(z)


class ModulatedConv2d(nn.Module):
    """StyleGAN2 modulated conv, non-fused form: scale inputs by the style, convolve, demodulate."""

    def __init__(self, cin, cout, w_dim, kernel=3, demodulate=True):
        super().__init__()
        self.demodulate = demodulate
        self.conv = nn.Conv2d(cin, cout, kernel, padding=kernel // 2, bias=False)
        nn.init.normal_(self.conv.weight)
        self.affine = nn.Linear(w_dim, cin)
        nn.init.ones_(self.affine.bias)
        self.scale = 1.0 / math.sqrt(cin * kernel * kernel)

    def forward(self, x, w):
        style = self.affine(w)
        x = self.conv(x * style[:, :, None, None]) * self.scale
        if self.demodulate:
            wsq = self.conv.weight.pow(2)[None] * style[:, None, :, None, None].pow(2)
            dcoef = torch.rsqrt(wsq.sum(dim=[2, 3, 4]) * self.scale ** 2 + 1e-8)
            x = x * dcoef[:, :, None, None]
        return x


class SynthesisBlock(nn.Module):
    def __init__(self, cin, cout, w_dim, act, upsample, demodulate):
        super().__init__()
        self.conv1 = ModulatedConv2d(cin, cout, w_dim, demodulate=demodulate)
        self.conv2 = ModulatedConv2d(cout, cout, w_dim, demodulate=demodulate)
        self.to_rgb = ModulatedConv2d(cout, 3, w_dim, kernel=1, demodulate=False)
        self.act = getattr(nn, act)()
        self.up_kwargs = dict(upsample)
        self.noise_strength = nn.Parameter(torch.zeros(()))

    def forward(self, x, w, rgb):
        x = F.interpolate(x, scale_factor=2, **self.up_kwargs)
        x = self.act(self.conv1(x, w))
        x = x + self.noise_strength * torch.randn_like(x[:, :1])
        x = self.act(self.conv2(x, w))
        y = self.to_rgb(x, w)
        if rgb is not None:
            y = y + F.interpolate(rgb, scale_factor=2, **self.up_kwargs)
        return x, y


class Generator(nn.Module):
    def __init__(self, cfg=config):
        super().__init__()
        ch = cfg.CHANNELS
        self.mapping = MappingNetwork(cfg.Z_DIM, cfg.W_DIM, cfg.MAPPING["depth"], cfg.MAPPING["act"])
        self.const = nn.Parameter(torch.randn(1, ch[0], 4, 4))
        syn = cfg.SYNTHESIS
        self.blocks = nn.ModuleList(
            SynthesisBlock(ch[i], ch[i + 1], cfg.W_DIM, syn["act"], syn["upsample"], syn["demodulate"])
            for i in range(len(ch) - 1))
        self.num_ws = len(self.blocks)

    def forward(self, z, return_ws=False):
        ws = self.mapping(z).unsqueeze(1).repeat(1, self.num_ws, 1)
        x, rgb = self.const.expand(z.size(0), -1, -1, -1), None
        for i, block in enumerate(self.blocks):
            x, rgb = block(x, ws[:, i], rgb)
        img = torch.tanh(rgb)
        return (img, ws) if return_ws else img


class Discriminator(nn.Module):
    def __init__(self, cfg=config):
        super().__init__()
        spec = cfg.DISCRIMINATOR
        layers, cin = [], 3
        for width in spec["widths"]:
            layers += [nn.Conv2d(cin, width, 3, padding=1),
                       getattr(nn, spec["act"])(**spec["act_kwargs"]),
                       getattr(nn, spec["downsample"])(2)]
            cin = width
        self.body = nn.Sequential(*layers)
        side = cfg.RES // 2 ** len(spec["widths"])
        self.head = nn.Linear(cin * side * side, 1)

    def forward(self, img):
        return self.head(self.body(img).flatten(1))
