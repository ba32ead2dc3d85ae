import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchCritic(nn.Module):
    """Pads the spectrogram edges, cuts it into patches, embeds and scores each patch token."""

    def __init__(self, patch=4, dim=32):
        super().__init__()
        self.patch = patch
        self.embed = nn.Linear(patch * patch, dim)
        self.mix = nn.Linear(dim, dim)
        self.score = nn.Linear(dim, 1)

    def forward(self, spec):
        x = F.pad(spec, (1, 1, 1, 1), mode="replicate")
        x = x[:, :, 1:-1, 1:-1] + 0.5 * (x[:, :, 2:, 1:-1] - x[:, :, :-2, 1:-1])
        tokens = F.unfold(x, self.patch, stride=self.patch).transpose(1, 2)
        h = F.leaky_relu(self.embed(tokens), 0.2)
        h = F.normalize(h, dim=-1) * h.shape[-1] ** 0.5
        h = F.leaky_relu(self.mix(h), 0.2)
        return self.score(h).mean(dim=(1, 2))


class SpecGenerator(nn.Module):
    def __init__(self, z_dim=32, n_freq=32, n_time=16):
        super().__init__()
        self.shape = (n_freq, n_time)
        self.net = nn.Sequential(nn.Linear(z_dim, 128), nn.ReLU(), nn.Linear(128, n_freq * n_time))

    def forward(self, z):
        x = self.net(z).view(-1, 1, *self.shape)
        x = F.pad(x, (0, 0, 1, 1), mode="replicate")
        return F.avg_pool2d(x, (3, 1), stride=1)
