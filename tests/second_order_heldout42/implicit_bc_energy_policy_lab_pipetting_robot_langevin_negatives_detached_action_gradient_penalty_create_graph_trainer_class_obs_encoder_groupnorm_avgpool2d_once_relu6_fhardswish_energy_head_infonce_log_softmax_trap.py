"""Implicit behavioural cloning (Florence et al., 2021) for a liquid-handling robot that centres the
pipette tip over a well and sets the plunger depth.

E(o, a) is an energy over (observation, action). Negatives come from Langevin MCMC on the action
(detached gradients, no create_graph), the InfoNCE loss ranks the demonstrated action first, and the
IBC gradient penalty keeps ||dE/da||_inf below a margin on the MCMC negatives; the penalty is a
gradient taken with create_graph=True and then trained on.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "act_dim": 3,          # dx, dy, plunger depth
    "act_low": -1.0,
    "act_high": 1.0,
    "n_neg": 8,
    "langevin_steps": 4,
    "langevin_lr": 0.1,
    "gp_margin": 0.01,
    "gp_weight": 1.0,
    "lr": 1e-3,
    "iters": 3,
    "batch": 8,
}


class WellCamEncoder(nn.Module):
    """Tip camera crop (1x16x16) + tip position -> feature vector."""

    def __init__(self, feat=32):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.GroupNorm(2, 8), nn.ReLU(), nn.AvgPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AvgPool2d(2),
        )
        self.fc = nn.Linear(16 * 4 * 4 + 3, feat)

    def forward(self, img, tip):
        return self.fc(torch.cat([self.conv(img).flatten(1), tip], dim=-1))


class EnergyHead(nn.Module):
    def __init__(self, feat=32, act_dim=3, hidden=64):
        super().__init__()
        self.fc1 = nn.Linear(feat + act_dim, hidden)
        self.act1 = nn.ReLU6()
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, feat, act):
        # feat: B x F, act: B x N x A -> energies B x N
        f = feat[:, None, :].expand(-1, act.shape[1], -1)
        h = self.act1(self.fc1(torch.cat([f, act], dim=-1)))
        h = F.hardswish(self.fc2(h))
        return self.out(h).squeeze(-1)


class IBCTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.encoder, self.head = WellCamEncoder(), EnergyHead(act_dim=cfg["act_dim"])
        params = list(self.encoder.parameters()) + list(self.head.parameters())
        self.opt = torch.optim.Adam(params, lr=cfg["lr"])

    def langevin_negatives(self, feat):
        c = self.cfg
        a = torch.empty(feat.shape[0], c["n_neg"], c["act_dim"]).uniform_(c["act_low"], c["act_high"])
        feat = feat.detach()
        for k in range(c["langevin_steps"]):
            a.requires_grad_(True)
            (g,) = torch.autograd.grad(self.head(feat, a).sum(), a)
            step = c["langevin_lr"] * (0.5 ** k)
            a = a.detach() - step * g + (2 * step) ** 0.5 * 0.1 * torch.randn_like(a)
            a = a.clamp(c["act_low"], c["act_high"]).detach()
        return a

    def gradient_penalty(self, feat, negs):
        negs = negs.clone().requires_grad_(True)
        (g,) = torch.autograd.grad(self.head(feat, negs).sum(), negs, create_graph=True)
        excess = F.relu(g.abs().amax(dim=-1) - self.cfg["gp_margin"])
        return excess.pow(2).mean()

    def step(self, img, tip, expert):
        feat = self.encoder(img, tip)
        negs = self.langevin_negatives(feat)
        cand = torch.cat([expert[:, None, :], negs], dim=1)
        logits = -self.head(feat, cand)
        info_nce = -F.log_softmax(logits, dim=-1)[:, 0].mean()
        gp = self.gradient_penalty(feat, negs)
        loss = info_nce + self.cfg["gp_weight"] * gp
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return info_nce.item(), gp.item()


def synthetic_demos(n):
    offset = torch.rand(n, 2) * 2 - 1
    img = torch.zeros(n, 1, 16, 16)
    for i in range(n):
        r, c = (8 + 5 * offset[i]).long().clamp(1, 14).tolist()
        img[i, 0, r - 1:r + 2, c - 1:c + 2] = 1.0
    tip = torch.cat([offset, torch.rand(n, 1)], dim=-1)
    expert = torch.cat([-0.8 * offset, 0.5 - tip[:, 2:]], dim=-1).clamp(-1, 1)
    return img, tip, expert


def main():
    torch.manual_seed(0)
    trainer = IBCTrainer(CONFIG)
    for it in range(CONFIG["iters"]):
        nce, gp = trainer.step(*synthetic_demos(CONFIG["batch"]))
        print(f"iter {it} infonce {nce:.3f} grad-penalty {gp:.2e}")


if __name__ == "__main__":
    main()
