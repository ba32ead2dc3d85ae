"""Policy-gradient agent for irrigation-valve scheduling, made smooth with spectral normalisation.

Lipschitz control comes from nn.utils.parametrizations.spectral_norm on every layer; the state
sensitivity |d pi / d s| is only logged (no penalty, no graph kept).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import spectral_norm

GAMMA = 0.95
LOG_SENSITIVITY = True


class ValvePolicy(nn.Module):
    def __init__(self, s_dim=5, n_valves=3, hidden=32):
        super().__init__()
        self.fc1 = spectral_norm(nn.Linear(s_dim, hidden))
        self.act = nn.Hardswish()
        self.fc2 = spectral_norm(nn.Linear(hidden, hidden))
        self.logits = spectral_norm(nn.Linear(hidden, n_valves))

    def forward(self, s):
        h = self.act(self.fc1(s))
        h = F.hardswish(self.fc2(h))
        return self.logits(h)


def rollout(policy, horizon=6, batch=8):
    s = torch.rand(batch, 5)
    logps, rewards, states = [], [], []
    for _ in range(horizon):
        states.append(s)
        dist = torch.distributions.Categorical(logits=policy(s))
        a = dist.sample()
        logps.append(dist.log_prob(a))
        moisture = s[:, :3].clone()
        moisture[torch.arange(batch), a] += 0.2
        rewards.append(-(moisture - 0.6).pow(2).sum(1))
        s = torch.cat([moisture * 0.95, s[:, 3:]], 1)
    return torch.stack(logps), torch.stack(rewards), torch.cat(states)


def state_sensitivity(policy, states):
    states = states.clone().requires_grad_(True)
    out = policy(states).logsumexp(-1).sum()
    (g,) = torch.autograd.grad(out, states)
    return g.norm(dim=1).max().item()


def main():
    torch.manual_seed(0)
    policy = ValvePolicy()
    opt = torch.optim.Adam(policy.parameters(), lr=1e-3)
    for it in range(3):
        logps, rewards, states = rollout(policy)
        returns = torch.zeros_like(rewards)
        running = torch.zeros(rewards.shape[1])
        for t in reversed(range(rewards.shape[0])):
            running = rewards[t] + GAMMA * running
            returns[t] = running
        adv = (returns - returns.mean()) / (returns.std() + 1e-6)
        loss = -(logps * adv).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if LOG_SENSITIVITY:
            print(it, loss.item(), state_sensitivity(policy, states.detach()))


if __name__ == "__main__":
    main()
