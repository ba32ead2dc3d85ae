"""Residual generator with Gumbel-softmax heads and a PacGAN critic."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from blocks import make_block


def column_spans(data):
    spans, start = [], 0
    for _ in data["continuous"]:
        spans.append(("tanh", start, start + 1))
        spans.append(("softmax", start + 1, start + 1 + data["modes"]))
        start += 1 + data["modes"]
    for card in data["discrete"].values():
        spans.append(("softmax", start, start + card))
        start += card
    return spans, start


class Residual(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)
        self.bn = nn.BatchNorm1d(d_out)

    def forward(self, x):
        return torch.cat([F.relu(self.bn(self.fc(x))), x], dim=1)


class Generator(nn.Module):
    def __init__(self, model_cfg, data_dim, cond_dim, spans):
        super().__init__()
        d, layers = model_cfg["noise_dim"] + cond_dim, []
        for width in model_cfg["gen_dims"]:
            layers.append(Residual(d, width))
            d += width
        self.body = nn.Sequential(*layers)
        self.out = nn.Linear(d, data_dim)
        self.spans, self.tau = spans, model_cfg["tau"]

    def forward(self, noise, cond):
        logits = self.out(self.body(torch.cat([noise, cond], dim=1)))
        parts = []
        for kind, a, b in self.spans:
            if kind == "tanh":
                parts.append(torch.tanh(logits[:, a:b]))
            else:
                parts.append(F.gumbel_softmax(logits[:, a:b], tau=self.tau))
        return torch.cat(parts, dim=1), logits


class PacCritic(nn.Module):
    def __init__(self, model_cfg, in_dim):
        super().__init__()
        self.pac = model_cfg["pac"]
        d, layers = in_dim * self.pac, []
        for width in model_cfg["critic_dims"]:
            layers.append(make_block(model_cfg["critic_block"], d, width))
            d = width
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(d, 1)

    def forward(self, x):
        return self.head(self.body(x.reshape(-1, self.pac * x.shape[1])))
