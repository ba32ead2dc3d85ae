"""Actor-critic for greenhouse vent control with a Lipschitz (state-gradient) penalty on the policy.

Smooth policies are encouraged with || d pi(s) / d s ||^2 on replayed states (Mysore et al. style CAPS,
computed exactly with autograd instead of by sampling nearby states).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"state_dim": 6, "action_dim": 2, "hidden": 32, "lip_coef": 0.5, "gamma": 0.97, "batch": 16}


class Actor(nn.Module):
    def __init__(self, s_dim, a_dim, hidden):
        super().__init__()
        self.l1 = nn.Linear(s_dim, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.act2 = nn.CELU(alpha=0.5)
        self.mu = nn.Linear(hidden, a_dim)

    def forward(self, s):
        h = F.hardswish(self.l1(s))
        h = self.act2(self.l2(h))
        return torch.tanh(self.mu(h))


class Critic(nn.Module):
    def __init__(self, s_dim, a_dim, hidden):
        super().__init__()
        self.pad = nn.ReflectionPad1d(1)
        self.conv = nn.Conv1d(1, 4, 3)
        self.head = nn.Linear(4 * (s_dim + a_dim), 1)

    def forward(self, s, a):
        x = torch.cat([s, a], dim=1).unsqueeze(1)
        return self.head(torch.relu(self.conv(self.pad(x))).flatten(1))


def lipschitz_penalty(actor, states):
    states = states.clone().requires_grad_(True)
    actions = actor(states)
    rows = []
    for k in range(actions.shape[1]):
        (g,) = torch.autograd.grad(actions[:, k].sum(), states, create_graph=True)
        rows.append(g.pow(2).sum(dim=1))
    return torch.stack(rows, 1).sum(1).mean()


def main():
    torch.manual_seed(0)
    models = {"actor": Actor(CFG["state_dim"], CFG["action_dim"], CFG["hidden"]),
              "critic": Critic(CFG["state_dim"], CFG["action_dim"], CFG["hidden"])}
    opts = {k: torch.optim.Adam(m.parameters(), lr=3e-4) for k, m in models.items()}
    for it in range(3):
        s = torch.randn(CFG["batch"], CFG["state_dim"])
        a = torch.rand(CFG["batch"], CFG["action_dim"]) * 2 - 1
        r = -(s[:, :2] - a).pow(2).sum(1, keepdim=True)
        s2 = s + 0.1 * torch.randn_like(s)
        with torch.no_grad():
            target = r + CFG["gamma"] * models["critic"](s2, models["actor"](s2))
        q_loss = F.mse_loss(models["critic"](s, a), target)
        opts["critic"].zero_grad()
        q_loss.backward()
        opts["critic"].step()

        pi_loss = -models["critic"](s, models["actor"](s)).mean()
        pi_loss = pi_loss + CFG["lip_coef"] * lipschitz_penalty(models["actor"], s)
        opts["actor"].zero_grad()
        pi_loss.backward()
        opts["actor"].step()
        print(it, float(q_loss), float(pi_loss))


if __name__ == "__main__":
    main()
