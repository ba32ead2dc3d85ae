"""Curvature-scaled learning rate for one layer of a DQN-style value network: every few updates the
Hutchinson estimate of the diagonal Hessian of the TD loss w.r.t. the weight of the network's middle
linear layer (picked from the builder-made nn.Sequential by index) rescales that layer's step size."""
import random

import torch
from torch import nn


def build_q_network(obs_dim, n_actions, hidden=(64, 64, 32)):
    return nn.Sequential(
        nn.Linear(obs_dim, hidden[0]),
        nn.Hardswish(),
        nn.Linear(hidden[0], hidden[1]),
        nn.Hardswish(),
        nn.Linear(hidden[1], hidden[2]),
        nn.ReLU6(),
        nn.Linear(hidden[2], n_actions),
    )


class ReplayBuffer:
    def __init__(self, cap=1000):
        self.data, self.cap = [], cap

    def push(self, *tr):
        self.data.append(tr)
        self.data = self.data[-self.cap:]

    def sample(self, n):
        batch = random.sample(self.data, n)
        return [torch.stack([torch.as_tensor(b[i], dtype=torch.float32) for b in batch]) for i in range(5)]


def hutchinson_diag(loss, weight, n_samples=2):
    g, = torch.autograd.grad(loss, weight, create_graph=True)
    est = torch.zeros_like(weight)
    for _ in range(n_samples):
        z = torch.randint_like(weight, 2) * 2 - 1
        hz, = torch.autograd.grad(g, weight, grad_outputs=z, retain_graph=True)
        est += hz * z / n_samples
    return est.abs()


def td_update(q, q_target, opt, buf, gamma=0.99, batch=16, probe_layer=4, curvature=None):
    s, a, r, s2, done = buf.sample(batch)
    with torch.no_grad():
        target = r + gamma * (1 - done) * q_target(s2).max(1).values
    q_sa = q(s).gather(1, a.long().unsqueeze(1)).squeeze(1)
    td_loss = nn.SmoothL1Loss()(q_sa, target)
    if curvature is not None:
        curvature.mul_(0.9).add_(0.1 * hutchinson_diag(td_loss, q[probe_layer].weight))
    opt.zero_grad()
    td_loss.backward()
    if curvature is not None:
        q[probe_layer].weight.grad /= (curvature + 1e-3)
    opt.step()
    return td_loss.item()


if __name__ == "__main__":
    obs_dim, n_act = 8, 4
    q, q_target = build_q_network(obs_dim, n_act), build_q_network(obs_dim, n_act)
    q_target.load_state_dict(q.state_dict())
    opt = torch.optim.SGD(q.parameters(), lr=1e-2)
    buf = ReplayBuffer()
    for _ in range(64):
        buf.push(torch.randn(obs_dim), random.randrange(n_act), random.random(), torch.randn(obs_dim), 0.0)
    curv = torch.zeros_like(q[4].weight)
    for step in range(2):
        print(step, td_update(q, q_target, opt, buf, curvature=curv))
