"""Critic / generator for grayscale nacre micrographs."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import spectral_norm


class NacreCritic(nn.Module):
    def __init__(self, channels, widths=(16, 32)):
        super().__init__()
        self.body = self.build_layers(channels, widths)
        self.head = spectral_norm(nn.Linear(widths[-1], 1))
        self.act_energy = None
        self.body[-1].register_forward_hook(self._record_energy)

    @staticmethod
    def build_layers(channels, widths):
        layers, c = [], channels
        for w in widths:
            layers += [nn.ReflectionPad2d(1), spectral_norm(nn.Conv2d(c, w, 3)), nn.PReLU(w), nn.AvgPool2d(2)]
            c = w
        return nn.Sequential(*layers)

    def _record_energy(self, module, inputs, output):
        self.act_energy = output.pow(2).mean()

    def forward(self, x):
        return self.head(self.body(x).mean(dim=(2, 3))).squeeze(1)


class NacreGenerator(nn.Module):
    def __init__(self, latent, channels, size):
        super().__init__()
        self.s = size // 4
        self.fc = nn.Linear(latent, 32 * self.s * self.s)
        self.conv1 = nn.Conv2d(32, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, channels, 3, padding=1)

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg.LATENT, cfg.CHANNELS, cfg.IMAGE_SIZE)

    def forward(self, z):
        h = self.fc(z).view(-1, 32, self.s, self.s)
        h = F.leaky_relu(self.conv1(F.interpolate(h, scale_factor=2, mode="bilinear")), 0.2)
        return torch.tanh(self.conv2(F.interpolate(h, scale_factor=2, mode="bilinear")))
