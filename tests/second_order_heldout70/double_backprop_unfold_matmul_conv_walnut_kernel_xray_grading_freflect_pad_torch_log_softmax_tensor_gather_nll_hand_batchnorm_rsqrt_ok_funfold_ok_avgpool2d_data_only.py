"""Walnut kernel X-ray grading (extra light / light / amber / shrivelled) with double backpropagation.

Layers are written by hand: reflect padding + im2col (F.unfold) + matmul convolution, batch norm from
batch statistics, a hand-written NLL on log-probabilities. Drucker & LeCun double backprop: the squared
input gradient of the classification loss is added to the loss.
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger(__name__)


@dataclass
class Config:
    n_classes: int = 4
    img: int = 16
    channels: tuple = (8, 16)
    batch: int = 24
    steps: int = 4
    lr: float = 3e-3
    db_weight: float = 0.1
    seed: int = 0


def conv2d_im2col(x, weight, bias, pad=1):
    """3x3 'same' convolution as padding + unfold + matmul (weight: out, in, k, k)."""
    b, c, h, w = x.shape
    out_c, _, k, _ = weight.shape
    xp = F.pad(x, (pad, pad, pad, pad), mode="reflect")
    cols = F.unfold(xp, kernel_size=k)                      # b, c*k*k, h*w
    out = weight.view(out_c, -1) @ cols + bias.view(1, -1, 1)
    return out.view(b, out_c, h, w)


def batch_norm_train(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=(0, 2, 3), keepdim=True)
    var = x.var(dim=(0, 2, 3), keepdim=True, unbiased=False)
    return (x - mean) * torch.rsqrt(var + eps) * gamma.view(1, -1, 1, 1) + beta.view(1, -1, 1, 1)


class RawConvNet(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        chans = (1,) + tuple(cfg.channels)
        self.weights = nn.ParameterList()
        self.biases = nn.ParameterList()
        self.gammas = nn.ParameterList()
        self.betas = nn.ParameterList()
        for cin, cout in zip(chans[:-1], chans[1:]):
            self.weights.append(nn.Parameter(torch.randn(cout, cin, 3, 3) * (2.0 / (cin * 9)) ** 0.5))
            self.biases.append(nn.Parameter(torch.zeros(cout)))
            self.gammas.append(nn.Parameter(torch.ones(cout)))
            self.betas.append(nn.Parameter(torch.zeros(cout)))
        self.w_cls = nn.Parameter(torch.randn(chans[-1], cfg.n_classes) * 0.1)

    def forward(self, x):
        h = x
        for w, b, g, be in zip(self.weights, self.biases, self.gammas, self.betas):
            h = batch_norm_train(conv2d_im2col(h, w, b), g, be)
            h = h.clamp_min(0)
            h = h[..., ::2, ::2]                              # stride-2 subsampling
        return h.flatten(2).mean(-1) @ self.w_cls


def nll_from_logits(logits, target):
    logp = torch.log_softmax(logits, dim=-1)
    return -logp.gather(1, target.unsqueeze(1)).mean()


def make_scans(cfg: Config, n=96):
    g = torch.Generator().manual_seed(cfg.seed)
    labels = torch.randint(0, cfg.n_classes, (n,), generator=g)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 2 * cfg.img), torch.linspace(-1, 1, 2 * cfg.img), indexing="ij")
    kernel = (1 - (xx ** 2 + yy ** 2)).clamp_min(0)
    density = 0.4 + 0.2 * labels.float().view(-1, 1, 1, 1)
    raw = kernel * density + 0.05 * torch.randn(n, 1, 2 * cfg.img, 2 * cfg.img, generator=g)
    # detector bins 2x2 pixels: decimate once, on the raw scans
    scans = F.avg_pool2d(raw, 2)
    return scans, labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=Config.steps)
    ap.add_argument("--db-weight", type=float, default=Config.db_weight)
    args = ap.parse_args()
    cfg = Config(steps=args.steps, db_weight=args.db_weight)
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(cfg.seed)

    scans, labels = make_scans(cfg)
    net = RawConvNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        idx = torch.randperm(scans.shape[0])[: cfg.batch]
        x = scans[idx].clone().requires_grad_(True)
        y = labels[idx]
        logits = net(x)
        ce = nll_from_logits(logits, y)
        (gx,) = torch.autograd.grad(ce, x, create_graph=True)
        db = gx.pow(2).sum(dim=(1, 2, 3)).mean()
        loss = ce + cfg.db_weight * db
        opt.zero_grad()
        loss.backward()
        assert db.requires_grad and net.w_cls.grad is not None
        opt.step()
        acc = (logits.argmax(-1) == y).float().mean().item()
        logger.info("step %d ce %.4f db %.5f acc %.3f", step, ce.item(), db.item(), acc)


if __name__ == "__main__":
    main()
