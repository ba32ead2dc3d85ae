"""SAC update with twin critics, Polyak targets, and optional action-gradient penalty."""
import copy
import itertools

import torch
import torch.nn.functional as F

from networks import QNet, SquashedGaussianActor


def action_gradient_penalty(q1, q2, obs, act):
    act = act.detach().requires_grad_(True)
    q = q1(obs, act) + q2(obs, act)
    (g,) = torch.autograd.grad(q.sum(), act, create_graph=True)
    return g.pow(2).sum(-1).mean()


def action_grad_norm(q1, obs, act):
    act = act.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(q1(obs, act).sum(), act)
    return g.norm(dim=-1).mean().item()


class SAC:
    def __init__(self, cfg):
        self.cfg = cfg
        self.actor = SquashedGaussianActor(cfg.obs_dim, cfg.act_dim, cfg.hidden)
        self.q1 = QNet(cfg.obs_dim, cfg.act_dim, cfg.hidden)
        self.q2 = QNet(cfg.obs_dim, cfg.act_dim, cfg.hidden)
        self.q1_targ, self.q2_targ = copy.deepcopy(self.q1), copy.deepcopy(self.q2)
        for p in itertools.chain(self.q1_targ.parameters(), self.q2_targ.parameters()):
            p.requires_grad_(False)
        self.q_params = list(itertools.chain(self.q1.parameters(), self.q2.parameters()))
        self.pi_opt = torch.optim.Adam(self.actor.parameters(), lr=cfg.lr)
        self.q_opt = torch.optim.Adam(self.q_params, lr=cfg.lr)

    def critic_loss(self, b):
        q1, q2 = self.q1(b["obs"], b["act"]), self.q2(b["obs"], b["act"])
        with torch.no_grad():
            a2, logp2 = self.actor(b["obs2"])
            q_targ = torch.min(self.q1_targ(b["obs2"], a2), self.q2_targ(b["obs2"], a2))
            backup = b["rew"] + self.cfg.gamma * (1 - b["done"]) * (q_targ - self.cfg.alpha * logp2)
        loss = F.mse_loss(q1, backup) + F.mse_loss(q2, backup)
        if self.cfg.action_gp_weight > 0:
            loss = loss + self.cfg.action_gp_weight * action_gradient_penalty(self.q1, self.q2, b["obs"], b["act"])
        return loss

    def actor_loss(self, b):
        a, logp = self.actor(b["obs"])
        q = torch.min(self.q1(b["obs"], a), self.q2(b["obs"], a))
        return (self.cfg.alpha * logp - q).mean()

    def update(self, b):
        self.q_opt.zero_grad()
        lq = self.critic_loss(b)
        lq.backward()
        torch.nn.utils.clip_grad_norm_(self.q_params, 10.0)
        self.q_opt.step()

        for p in self.q_params:
            p.requires_grad_(False)
        self.pi_opt.zero_grad()
        lpi = self.actor_loss(b)
        lpi.backward()
        self.pi_opt.step()
        for p in self.q_params:
            p.requires_grad_(True)

        with torch.no_grad():
            for net, targ in ((self.q1, self.q1_targ), (self.q2, self.q2_targ)):
                for p, pt in zip(net.parameters(), targ.parameters()):
                    pt.mul_(1 - self.cfg.tau).add_(self.cfg.tau * p)
        return lq.item(), lpi.item()
