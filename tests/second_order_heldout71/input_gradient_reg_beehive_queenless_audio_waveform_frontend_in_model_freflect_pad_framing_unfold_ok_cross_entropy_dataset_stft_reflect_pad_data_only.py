"""Queenless-colony detection from beehive microphone clips, with double-backprop input-gradient regularisation.

The spectrogram front-end lives inside the model (learnable mel weights), so the input-gradient penalty
w.r.t. the raw waveform runs through it. The dataset computes its own STFT only to reject silent clips.
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

log = logging.getLogger("hive")


@dataclass
class Config:
    sr: int = 2000
    clip: int = 1024
    n_fft: int = 64
    hop: int = 32
    n_mels: int = 16
    classes: int = 2
    grad_reg: float = 0.1
    steps: int = 4
    batch: int = 8


class HiveClips(Dataset):
    def __init__(self, cfg, n=48, seed=0):
        g = torch.Generator().manual_seed(seed)
        t = torch.arange(cfg.clip) / cfg.sr
        self.labels = torch.randint(0, cfg.classes, (n,), generator=g)
        f0 = 220.0 + 80.0 * self.labels.float().unsqueeze(1)
        self.wave = torch.sin(2 * torch.pi * f0 * t) + 0.3 * torch.randn(n, cfg.clip, generator=g)
        self.cfg = cfg

    def __len__(self):
        return len(self.labels)

    def spectral_flatness(self, w):
        w = F.pad(w.view(1, 1, -1), (self.cfg.n_fft // 2, self.cfg.n_fft // 2), mode="reflect").view(-1)
        spec = torch.stft(w, self.cfg.n_fft, self.cfg.hop, window=torch.hann_window(self.cfg.n_fft),
                          center=False, return_complex=True).abs() + 1e-6
        return (spec.log().mean(0).exp() / spec.mean(0)).mean()

    def __getitem__(self, i):
        w = self.wave[i]
        w = w - w.mean()
        if self.spectral_flatness(w) > 0.95:
            w = torch.zeros_like(w)
        gain = 10 ** (torch.empty(()).uniform_(-0.3, 0.3))
        return w * gain, self.labels[i]


class LogMelFrontend(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        n = torch.arange(cfg.n_fft).float()
        k = torch.arange(cfg.n_fft // 2 + 1).float()
        ang = 2 * torch.pi * k[:, None] * n[None, :] / cfg.n_fft
        self.register_buffer("cos_basis", torch.cos(ang))
        self.register_buffer("sin_basis", torch.sin(ang))
        self.register_buffer("window", torch.hann_window(cfg.n_fft))
        self.mel = nn.Parameter(torch.rand(cfg.n_mels, cfg.n_fft // 2 + 1) / cfg.n_fft)

    def forward(self, wave):
        x = F.pad(wave.unsqueeze(1), (self.cfg.n_fft // 2, self.cfg.n_fft // 2), mode="reflect")
        frames = F.unfold(x.unsqueeze(2), kernel_size=(1, self.cfg.n_fft), stride=(1, self.cfg.hop))
        frames = frames * self.window.view(1, -1, 1)
        re = torch.matmul(self.cos_basis, frames)
        im = torch.matmul(self.sin_basis, frames)
        power = re.pow(2) + im.pow(2)
        mel = torch.matmul(self.mel.abs(), power)
        return torch.log(mel + 1e-4).unsqueeze(1)


class HiveNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.frontend = LogMelFrontend(cfg)
        self.body = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.SiLU(),
            nn.Conv2d(16, 16, 3, padding=1), nn.BatchNorm2d(16), nn.SiLU(),
        )
        self.fc = nn.Linear(16, cfg.classes)

    def forward(self, wave):
        h = self.body(self.frontend(wave))
        return self.fc(h.mean(dim=(2, 3)))


def train(cfg):
    torch.manual_seed(0)
    loader = DataLoader(HiveClips(cfg), batch_size=cfg.batch, shuffle=True, drop_last=True)
    net = HiveNet(cfg)
    opt = torch.optim.AdamW(net.parameters(), 1e-3)
    step = 0
    while step < cfg.steps:
        for wave, y in loader:
            wave = wave.requires_grad_(True)
            logits = net(wave)
            loss = F.cross_entropy(logits, y)
            (g,) = torch.autograd.grad(loss, wave, create_graph=True)
            reg = g.pow(2).sum(dim=1).mean()
            opt.zero_grad()
            (loss + cfg.grad_reg * reg).backward()
            assert net.frontend.mel.grad is not None
            opt.step()
            log.info("step %d ce %.4f grad_reg %.6f", step, loss.item(), reg.item())
            step += 1
            if step >= cfg.steps:
                break


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=Config.steps)
    ap.add_argument("--grad-reg", type=float, default=Config.grad_reg)
    a = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    train(Config(steps=a.steps, grad_reg=a.grad_reg))
