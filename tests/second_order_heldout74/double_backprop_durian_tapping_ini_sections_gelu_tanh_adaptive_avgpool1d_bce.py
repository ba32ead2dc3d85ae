"""Durian ripeness from knuckle-tap acoustics, trained with double backpropagation (Drucker & LeCun)
so the ripeness score is insensitive to small changes of the tap recording.

Run settings come from an INI block kept next to the code (the packing-house rigs copy it verbatim);
``[DEFAULT]`` holds the fall-backs and each named section overrides some of them.
"""
import argparse
import configparser
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("durian")

RUN_INI = """
[DEFAULT]
activation = relu
gelu_approximate = none
pooling = max
loss = bce_logits
channels = 16
input_grad_weight = 0.0
lr = 1e-3

[tapping_v1]
pooling = avg

[tapping_v2]
activation = gelu
gelu_approximate = tanh
pooling = avg
input_grad_weight = 0.1
"""

POOLING = {"avg": nn.AdaptiveAvgPool1d, "max": nn.AdaptiveMaxPool1d}
LOSSES = {
    "bce_logits": F.binary_cross_entropy_with_logits,
    "mse": F.mse_loss,
}


def load_section(name):
    parser = configparser.ConfigParser()
    parser.read_string(RUN_INI)
    return parser[name]


def build_activation(sec):
    name = sec.get("activation")
    if name == "gelu":
        return nn.GELU(approximate=sec.get("gelu_approximate"))
    if name == "relu":
        return nn.ReLU()
    raise KeyError(name)


class TapNet(nn.Module):
    def __init__(self, sec):
        super().__init__()
        c = sec.getint("channels")
        self.conv1 = nn.Conv1d(1, c, 9, stride=2, padding=4)
        self.conv2 = nn.Conv1d(c, c, 9, stride=2, padding=4)
        self.act = build_activation(sec)
        self.pool = POOLING[sec.get("pooling")](1)
        self.fc = nn.Linear(c, 1)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.act(self.conv2(h))
        return self.fc(self.pool(h).squeeze(-1)).squeeze(-1)


def make_taps(n, length, gen):
    """Decaying resonance: ripe fruit rings lower and shorter. Envelope smoothing is done here, on data."""
    t = torch.linspace(0, 1, length)
    ripe = torch.randint(0, 2, (n,), generator=gen).float()
    freq = 30 + 25 * (1 - ripe)[:, None] + 3 * torch.randn(n, 1, generator=gen)
    decay = 6 + 6 * ripe[:, None]
    wave = torch.sin(2 * torch.pi * freq * t) * torch.exp(-decay * t)
    wave = wave + 0.05 * torch.randn(n, length, generator=gen)
    wave = F.avg_pool1d(wave.unsqueeze(1), 3, stride=1, padding=1)
    return wave, ripe


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--section", default="tapping_v2")
    ap.add_argument("--epochs", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    sec = load_section(args.section)
    gen = torch.Generator().manual_seed(7)
    taps, ripe = make_taps(96, 256, gen)
    model = TapNet(sec)
    loss_fn = LOSSES[sec.get("loss")]
    lam = sec.getfloat("input_grad_weight")
    opt = torch.optim.Adam(model.parameters(), lr=sec.getfloat("lr"))
    log.info("section %s: act=%s/%s pool=%s lam=%.2f", args.section, sec.get("activation"),
             sec.get("gelu_approximate"), sec.get("pooling"), lam)

    for epoch in range(args.epochs):
        for idx in torch.randperm(96, generator=gen).split(32):
            x = taps[idx].clone().requires_grad_(lam > 0)
            loss = loss_fn(model(x), ripe[idx])
            total, penalty = loss, torch.zeros(())
            if lam > 0:
                gx, = torch.autograd.grad(loss, x, create_graph=True)
                penalty = gx.pow(2).sum(dim=(1, 2)).mean() * x.size(0) ** 2
                total = loss + lam * penalty
            opt.zero_grad()
            total.backward()
            opt.step()
        assert model.conv1.weight.grad is not None
        log.info("epoch %d loss %.4f input-grad penalty %.5f", epoch, loss.item(), penalty.item())


if __name__ == "__main__":
    main()
