"""SAC agent with DrQ augmentation and an observation gradient penalty on the critic."""
import copy

import torch
import torch.nn.functional as F

from augment import RandomShiftsAug
from networks import Actor, Critic


class DrQAgent:
    def __init__(self, cfg):
        in_ch = 3 * cfg["frame_stack"]
        self.cfg = cfg
        self.critic = Critic(in_ch, cfg["feature_dim"], cfg["act_dim"], cfg["hidden"])
        self.critic_target = copy.deepcopy(self.critic)
        self.actor = Actor(cfg["feature_dim"], cfg["act_dim"], cfg["hidden"])
        self.log_alpha = torch.tensor(float(cfg["init_temperature"])).log().requires_grad_(True)
        self.aug = RandomShiftsAug(cfg["pad"])
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=cfg["lr"])
        self.actor_opt = torch.optim.Adam(self.actor.parameters(), lr=cfg["lr"])
        self.alpha_opt = torch.optim.Adam([self.log_alpha], lr=cfg["lr"])

    def obs_gradient_penalty(self, obs, act):
        obs = obs.detach().requires_grad_(True)
        q1, q2 = self.critic(obs, act)
        (g,) = torch.autograd.grad((q1 + q2).sum(), obs, create_graph=True)
        return g.flatten(1).pow(2).sum(-1).mean()

    def update_critic(self, obs, act, rew, next_obs, done):
        with torch.no_grad():
            next_feat = self.critic_target.encoder(next_obs)
            next_a, next_logp = self.actor(next_feat)
            tq1, tq2 = self.critic_target.qs(next_feat, next_a)
            target = rew + self.cfg["gamma"] * (1 - done) * (torch.min(tq1, tq2) - self.log_alpha.exp() * next_logp)
        q1, q2 = self.critic(obs, act)
        td = F.mse_loss(q1, target) + F.mse_loss(q2, target)
        gp = self.obs_gradient_penalty(obs, act)
        loss = td + self.cfg["critic_gp"] * gp
        self.critic_opt.zero_grad()
        loss.backward()
        self.critic_opt.step()
        return td.item(), gp.item()

    def update_actor(self, obs):
        feat = self.critic.encoder(obs).detach()
        a, logp = self.actor(feat)
        q1, q2 = self.critic.qs(feat, a)
        loss = (self.log_alpha.exp().detach() * logp - torch.min(q1, q2)).mean()
        self.actor_opt.zero_grad()
        loss.backward()
        self.actor_opt.step()
        alpha_loss = -(self.log_alpha * (logp.detach() - self.cfg["act_dim"])).mean()
        self.alpha_opt.zero_grad()
        alpha_loss.backward()
        self.alpha_opt.step()

    @torch.no_grad()
    def soft_update(self):
        tau = self.cfg["tau"]
        for p, tp in zip(self.critic.parameters(), self.critic_target.parameters()):
            tp.lerp_(p, tau)

    def update(self, batch):
        obs = self.aug(batch["obs"].float())
        next_obs = self.aug(batch["next_obs"].float())
        td, gp = self.update_critic(obs, batch["act"], batch["rew"], next_obs, batch["done"])
        self.update_actor(obs)
        self.soft_update()
        return td, gp
