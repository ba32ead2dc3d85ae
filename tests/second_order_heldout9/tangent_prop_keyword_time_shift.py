"""Tangent Prop (Simard et al., 1992) for a raw-waveform keyword classifier: the directional
derivative of the logits along the time-shift tangent of each clip is pushed to zero, so the
classifier becomes locally invariant to small shifts. The JVP is taken with create_graph=True
and the penalty is trained through it."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import jvp


class WaveCNN(nn.Module):
    def __init__(self, n_words=6, c=8):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, c, 9, stride=2, padding=4), nn.Softsign(), nn.MaxPool1d(4),
            nn.Conv1d(c, 2 * c, 5, padding=2), nn.Softsign(), nn.MaxPool1d(4),
        )
        self.classifier = nn.Linear(2 * c, n_words)

    def forward(self, wav):
        return self.classifier(self.features(wav).amax(dim=-1))


def time_shift_tangent(wav):
    # central difference of the waveform: d/ds x(t - s) at s = 0
    return -(torch.roll(wav, -1, dims=-1) - torch.roll(wav, 1, dims=-1)) / 2


def tangent_prop_step(net, opt, wav, label, mu):
    logits = net(wav)
    _, dlogits = jvp(net, (wav,), (time_shift_tangent(wav),), create_graph=True)
    loss = F.multi_margin_loss(logits, label) + mu * dlogits.pow(2).sum(-1).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--mu", type=float, default=0.1)
    ap.add_argument("--steps", type=int, default=2)
    args = ap.parse_args()
    net = WaveCNN()
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    for i in range(args.steps):
        wav = torch.randn(4, 1, 256)
        print(i, tangent_prop_step(net, opt, wav, torch.randint(0, 6, (4,)), args.mu))
