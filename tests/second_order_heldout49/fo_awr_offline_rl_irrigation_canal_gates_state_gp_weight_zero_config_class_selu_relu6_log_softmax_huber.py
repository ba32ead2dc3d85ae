"""Advantage-weighted regression (AWR) for irrigation-canal gate scheduling from logged operator decisions.

Discrete gate moves {close 10cm, hold, open 10cm} per gate; the critic V(s) is fitted by Huber regression on
lambda-returns. An optional gradient penalty on the critic (w.r.t. the state) exists for ablations and is
switched off in the default configuration (CRITIC_GP = 0.0).
"""
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class AWRConfig:
    SEED = 8
    N_POOLS = 4                # canal reaches: upstream level, downstream level, flow, demand
    OBS = 4 * N_POOLS
    N_GATES = 3
    N_MOVES = 3
    HIDDEN = 32
    BETA = 1.0                 # AWR temperature
    MAX_WEIGHT = 20.0
    LR_PI = 1e-3
    LR_V = 1e-3
    BATCH = 32
    MAX_STEPS = 3
    CRITIC_GP = 0.0            # > 0 turns on the state-gradient penalty of the critic (ablation only)
    HUBER_BETA = 1.0


class ValueNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(cfg.OBS, cfg.HIDDEN), nn.SELU(),
            nn.Linear(cfg.HIDDEN, cfg.HIDDEN), nn.ReLU6(),
            nn.Linear(cfg.HIDDEN, 1),
        )

    def forward(self, s):
        return self.net(s).squeeze(-1)


class GatePolicy(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.trunk = nn.Sequential(nn.Linear(cfg.OBS, cfg.HIDDEN), nn.SELU())
        self.heads = nn.Linear(cfg.HIDDEN, cfg.N_GATES * cfg.N_MOVES)

    def log_probs(self, s):
        logits = self.heads(self.trunk(s)).view(-1, self.cfg.N_GATES, self.cfg.N_MOVES)
        return F.log_softmax(logits, dim=-1)


class AWRModule(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.cfg = config
        self.v = ValueNet(config)
        self.pi = GatePolicy(config)

    def configure_optimizers(self):
        return (torch.optim.Adam(self.v.parameters(), lr=self.cfg.LR_V),
                torch.optim.Adam(self.pi.parameters(), lr=self.cfg.LR_PI))

    def state_gradient_penalty(self, s):
        s = s.detach().requires_grad_(True)
        (g,) = torch.autograd.grad(self.v(s).sum(), s, create_graph=True)
        return g.pow(2).sum(-1).mean()

    def critic_step(self, batch):
        s, _, ret = batch
        loss = F.smooth_l1_loss(self.v(s), ret, beta=self.cfg.HUBER_BETA)
        if self.cfg.CRITIC_GP > 0:
            loss = loss + self.cfg.CRITIC_GP * self.state_gradient_penalty(s)
        return loss

    def actor_step(self, batch):
        s, a, ret = batch
        with torch.no_grad():
            adv = ret - self.v(s)
            w = torch.exp(adv / self.cfg.BETA).clamp(max=self.cfg.MAX_WEIGHT)
        logp = self.pi.log_probs(s).gather(-1, a.unsqueeze(-1)).squeeze(-1).sum(-1)
        return -(w * logp).mean(), adv.mean()

    def training_step(self, batch, batch_idx, optimizers):
        opt_v, opt_pi = optimizers
        v_loss = self.critic_step(batch)
        opt_v.zero_grad(set_to_none=True)
        v_loss.backward()
        opt_v.step()
        pi_loss, adv = self.actor_step(batch)
        opt_pi.zero_grad(set_to_none=True)
        pi_loss.backward()
        opt_pi.step()
        return {"v_loss": v_loss.item(), "pi_loss": pi_loss.item(), "adv": adv.item()}


def logged_operator_data(cfg, gen):
    s = torch.randn(cfg.BATCH, cfg.OBS, generator=gen)
    level_err = s[:, 1::4][:, : cfg.N_GATES]
    a = torch.where(level_err > 0.5, 0, torch.where(level_err < -0.5, 2, 1))
    ret = -(level_err.abs().sum(-1)) + 0.1 * torch.randn(cfg.BATCH, generator=gen)
    return s, a, ret


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg

    def fit(self, module):
        gen = torch.Generator().manual_seed(self.cfg.SEED)
        opts = module.configure_optimizers()
        for step in range(self.cfg.MAX_STEPS):
            t0 = time.time()
            logs = module.training_step(logged_operator_data(self.cfg, gen), step, opts)
            print(f"step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()) + f" ({time.time() - t0:.2f}s)")


if __name__ == "__main__":
    torch.manual_seed(AWRConfig.SEED)
    Trainer(AWRConfig).fit(AWRModule(AWRConfig))
