"""Offline actor-critic for tug-assisted berthing of a container ship.

One network, several modes: ``model(obs, act, mode="critic")`` returns Q, ``mode="actor"`` the tug thrust
command, ``mode="dynamics"`` a one-step model of the hull state.  The critic is kept smooth in the action with a
gradient penalty on dQ/da (actions interpolated between logged and policy actions).
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

LOG = logging.getLogger("berthing")
OBS_DIM = 10   # surge/sway/yaw rates, distance and angle to quay, wind, current, 2 tug bollard pulls
ACT_DIM = 4    # thrust magnitude and azimuth for two tugs


class BerthingAgent(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(OBS_DIM, hidden), nn.LayerNorm(hidden), nn.ReLU6())
        # critic
        self.q_in = nn.Linear(hidden + ACT_DIM, hidden)
        self.q_act = nn.PReLU(hidden)
        self.q_mid = nn.Linear(hidden, hidden)
        self.q_out = nn.Linear(hidden, 1)
        # actor
        self.pi_fc = nn.Linear(hidden, hidden)
        self.pi_out = nn.Linear(hidden, ACT_DIM)
        # dynamics (used for model-based rollouts in the full pipeline)
        self.dyn_fc = nn.Linear(hidden + ACT_DIM, hidden)
        self.dyn_shrink = nn.Softshrink(0.1)
        self.dyn_out = nn.Linear(hidden, OBS_DIM)

    def forward(self, obs, act=None, mode="critic"):
        h = self.encoder(obs)
        if mode == "critic":
            z = self.q_act(self.q_in(torch.cat([h, act], dim=-1)))
            return self.q_out(F.selu(self.q_mid(z)))
        if mode == "actor":
            return torch.tanh(self.pi_out(F.hardswish(self.pi_fc(h))))
        if mode == "dynamics":
            z = self.dyn_shrink(self.dyn_fc(torch.cat([h, act], dim=-1)))
            return obs + self.dyn_out(z)
        raise ValueError(f"unknown mode {mode!r}")


def logged_transitions(n):
    obs = torch.randn(n, OBS_DIM)
    act = torch.tanh(torch.randn(n, ACT_DIM))
    dist_gain = -(obs[:, 3].abs() + 0.3 * obs[:, 4].abs())
    reward = dist_gain - 0.05 * act.square().sum(-1)
    nxt = obs + 0.1 * torch.randn(n, OBS_DIM)
    done = (obs[:, 3].abs() < 0.1).float()
    return obs, act, reward[:, None], nxt, done[:, None]


def action_gradient_penalty(agent, obs, act_data, act_pi):
    eps = torch.rand(obs.shape[0], 1)
    a_hat = (eps * act_data + (1 - eps) * act_pi).requires_grad_(True)
    q = agent(obs, a_hat, mode="critic")
    (dq_da,) = torch.autograd.grad(q.sum(), a_hat, create_graph=True)
    return dq_da.square().sum(dim=-1).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--gamma", type=float, default=0.97)
    ap.add_argument("--gp-weight", type=float, default=0.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    agent = BerthingAgent()
    target = BerthingAgent()
    target.load_state_dict(agent.state_dict())
    critic_params = [p for n, p in agent.named_parameters() if n.startswith(("encoder", "q_"))]
    actor_params = [p for n, p in agent.named_parameters() if n.startswith("pi_")]
    opt_q = torch.optim.Adam(critic_params, lr=3e-4)
    opt_pi = torch.optim.Adam(actor_params, lr=3e-4)

    for step in range(args.steps):
        obs, act, rew, nxt, done = logged_transitions(args.batch)
        with torch.no_grad():
            next_a = target(nxt, mode="actor")
            y = rew + args.gamma * (1 - done) * target(nxt, next_a, mode="critic")
            act_pi = agent(obs, mode="actor")
        td = F.mse_loss(agent(obs, act, mode="critic"), y)
        gp = action_gradient_penalty(agent, obs, act, act_pi.detach())
        opt_q.zero_grad(set_to_none=True)
        (td + args.gp_weight * gp).backward()
        assert agent.q_in.weight.grad is not None
        opt_q.step()

        # deterministic policy gradient through the critic (first order)
        pi_loss = -agent(obs, agent(obs, mode="actor"), mode="critic").mean()
        opt_pi.zero_grad(set_to_none=True)
        pi_loss.backward()
        opt_pi.step()

        with torch.no_grad():
            for p_t, p in zip(target.parameters(), agent.parameters()):
                p_t.lerp_(p, 0.05)
        LOG.info("step %d td %.4f gp %.4f pi %.4f", step, td.item(), gp.item(), pi_loss.item())


if __name__ == "__main__":
    main()
