"""Two-stage training for railway level-crossing barrier drives.

Stage 1 pretrains a 1-D conv autoencoder on unlabelled motor-current traces of barrier lowering / raising cycles.
Stage 2 freezes the encoder and fine-tunes a small fault head with gradient-norm penalisation (GNP, Zhao et al.
2022): the loss gets lambda * ||d CE / d theta_head||^2, which needs create_graph=True, but only for the head.
Stage 3 fits a temperature for calibrated alarms.
"""
import argparse
import logging

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger("barrier_drive")
FAULTS = ("healthy", "gearbox_wear", "boom_imbalance", "brake_drag", "limit_switch_late")


class TraceEncoder(nn.Module):
    def __init__(self, width=16, latent=24):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, width, 7, padding=3), nn.GroupNorm(4, width), nn.GELU(approximate="tanh"),
            nn.AvgPool1d(2),
            nn.Conv1d(width, width, 5, padding=2), nn.GroupNorm(4, width), nn.GELU(approximate="tanh"),
            nn.AvgPool1d(2),
        )
        self.proj = nn.Conv1d(width, latent, 1)

    def forward(self, x):
        return self.proj(self.net(x))


class TraceDecoder(nn.Module):
    def __init__(self, width=16, latent=24):
        super().__init__()
        self.net = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv1d(latent, width, 5, padding=2), nn.SiLU(),
            nn.Upsample(scale_factor=2), nn.Conv1d(width, 1, 7, padding=3),
        )

    def forward(self, z):
        return self.net(z)


class FaultHead(nn.Module):
    def __init__(self, latent=24, hidden=32, n_classes=len(FAULTS)):
        super().__init__()
        self.fc1 = nn.Linear(2 * latent, hidden)
        self.act = nn.ReLU6()
        self.fc2 = nn.Linear(hidden, n_classes)

    def forward(self, feats):
        return self.fc2(self.act(self.fc1(feats)))


def pool_features(z):
    return torch.cat([z.mean(-1), z.amax(-1)], dim=1)


def synth_cycles(n, t, gen):
    y = torch.randint(0, len(FAULTS), (n,), generator=gen)
    tt = torch.linspace(0, 1, t)
    inrush = 2.5 * torch.exp(-tt / 0.04)
    plateau = 0.8 + 0.3 * (y == 1).float()[:, None] * torch.sin(60 * tt) + 0.4 * (y == 3).float()[:, None]
    tail = torch.where(tt > (0.8 + 0.1 * (y == 4).float()[:, None]), 0.1, 1.0)
    slope = 0.5 * (y == 2).float()[:, None] * (tt - 0.5)
    x = (inrush + plateau + slope) * tail + 0.05 * torch.randn(n, t, generator=gen)
    return x.unsqueeze(1), y


def pretrain(enc, dec, args, gen):
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=2e-3)
    for step in range(args.pretrain_steps):
        x, _ = synth_cycles(args.batch, args.length, gen)
        mask = (torch.rand(x.shape[0], 1, args.length // 8, generator=gen) > 0.3).float()
        mask = mask.repeat_interleave(8, dim=-1)
        recon = dec(enc(x * mask))
        loss = F.smooth_l1_loss(recon, x, beta=0.05)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("[pretrain] step %d recon %.4f", step, loss.item())


def penalised_head_loss(head, params, feats, y):
    """CE of the head and ||dCE/d theta_head||^2 (graph kept so the penalty can be back-propagated)."""
    log_probs = F.log_softmax(head(feats), dim=1)
    ce = F.nll_loss(log_probs, y)
    grads = torch.autograd.grad(ce, params, create_graph=True)
    return ce, sum(g.pow(2).sum() for g in grads)


def finetune(enc, head, args, gen):
    enc.eval().requires_grad_(False)
    params = list(head.parameters())
    opt = torch.optim.SGD(params, lr=0.05, momentum=0.9)
    for step in range(args.finetune_steps):
        x, y = synth_cycles(args.batch, args.length, gen)
        with torch.no_grad():
            feats = pool_features(enc(x))
        ce, grad_norm_sq = penalised_head_loss(head, params, feats, y)
        loss = ce + args.gnp * grad_norm_sq
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("[finetune] step %d ce %.4f |g|^2 %.4f", step, ce.item(), grad_norm_sq.item())
    # the penalty alone has a nonzero gradient w.r.t. fc1 (second derivative of the CE)
    x, y = synth_cycles(args.batch, args.length, gen)
    with torch.no_grad():
        feats = pool_features(enc(x))
    _, grad_norm_sq = penalised_head_loss(head, params, feats, y)
    (h1,) = torch.autograd.grad(grad_norm_sq, head.fc1.weight)
    assert h1.abs().sum() > 0


def calibrate(enc, head, args, gen):
    x, y = synth_cycles(4 * args.batch, args.length, gen)
    with torch.no_grad():
        logits = head(pool_features(enc(x)))
    log_t = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([log_t], lr=0.1, max_iter=20)

    def closure():
        opt.zero_grad()
        nll = F.cross_entropy(logits / log_t.exp(), y)
        nll.backward()
        return nll

    opt.step(closure)
    log.info("[calibrate] temperature %.3f", log_t.exp().item())
    return log_t.exp().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stages", default="pretrain,finetune,calibrate")
    ap.add_argument("--length", type=int, default=64)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--pretrain-steps", type=int, default=3)
    ap.add_argument("--finetune-steps", type=int, default=4)
    ap.add_argument("--gnp", type=float, default=0.1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(2)
    gen = torch.Generator().manual_seed(2)
    enc, dec, head = TraceEncoder(), TraceDecoder(), FaultHead()
    stages = args.stages.split(",")
    if "pretrain" in stages:
        pretrain(enc, dec, args, gen)
    if "finetune" in stages:
        finetune(enc, head, args, gen)
    if "calibrate" in stages:
        calibrate(enc, head, args, gen)


if __name__ == "__main__":
    main()
