import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import spectral_norm


class SpectrogramDiscriminator(nn.Module):
    """Treats frequency bins as channels and convolves along time."""

    def __init__(self, n_freq, cfg):
        super().__init__()
        ch = cfg["disc_channels"]
        self.conv1 = spectral_norm(nn.Conv1d(n_freq, ch, 3, padding=1))
        self.conv2 = spectral_norm(nn.Conv1d(ch, 2 * ch, 3, stride=2, padding=1))
        self.act = getattr(nn, cfg["disc_act"])()
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(2 * ch, 1)

    def forward(self, spec):
        h = self.act(self.conv1(spec))
        h = self.act(self.conv2(h))
        return self.fc(self.pool(h).squeeze(-1)).squeeze(-1)


class MultiResolutionDiscriminator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.discs = nn.ModuleList(SpectrogramDiscriminator(n_fft // 2 + 1, cfg) for n_fft, _ in cfg["resolutions"])

    def forward(self, specs):
        return [d(s) for d, s in zip(self.discs, specs)]


class UpsampleGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        ch = cfg["gen_channels"]
        layers = [nn.ReflectionPad1d(2), nn.Conv1d(cfg["n_mels"], ch, 5)]
        for r in cfg["upsample"]:
            layers += [nn.PReLU(ch), nn.ConvTranspose1d(ch, ch // 2, 2 * r, stride=r, padding=r // 2)]
            ch //= 2
        layers += [nn.PReLU(ch), nn.ReflectionPad1d(3), nn.Conv1d(ch, 1, 7), nn.Tanh()]
        self.net = nn.Sequential(*layers)

    def forward(self, mel):
        return self.net(mel)
