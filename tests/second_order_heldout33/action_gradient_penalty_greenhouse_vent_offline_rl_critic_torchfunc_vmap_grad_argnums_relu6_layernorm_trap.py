"""Offline actor-critic for a greenhouse roof-vent controller, with a smoothness penalty on the critic's
gradient w.r.t. the action (torch.func.vmap(grad(..., argnums=1))) added to the TD loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import grad, vmap

STATE_DIM, ACTION_DIM = 5, 2


class Critic(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(STATE_DIM + ACTION_DIM, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.q = nn.Linear(hidden, 1)

    def forward(self, s, a):
        h = F.relu6(self.norm(self.fc1(torch.cat([s, a], dim=-1))))
        h = F.relu6(self.fc2(h))
        return self.q(h).squeeze(-1)


class Actor(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(STATE_DIM, hidden), nn.Tanh(), nn.Linear(hidden, ACTION_DIM), nn.Tanh())

    def forward(self, s):
        return self.net(s)


def action_smoothness(critic, s, a):
    def q_single(s_i, a_i):
        return critic(s_i.unsqueeze(0), a_i.unsqueeze(0)).squeeze(0)

    dq_da = vmap(grad(q_single, argnums=1))(s, a)
    return dq_da.pow(2).sum(-1).mean()


def main(gamma=0.95, lam=0.1):
    torch.manual_seed(0)
    critic, actor = Critic(), Actor()
    target = Critic()
    target.load_state_dict(critic.state_dict())
    opt_c = torch.optim.Adam(critic.parameters(), lr=3e-4)
    opt_a = torch.optim.Adam(actor.parameters(), lr=3e-4)
    for it in range(3):
        s, a = torch.randn(16, STATE_DIM), torch.rand(16, ACTION_DIM) * 2 - 1
        r, s2 = torch.randn(16), torch.randn(16, STATE_DIM)
        with torch.no_grad():
            y = r + gamma * target(s2, actor(s2))
        td = F.huber_loss(critic(s, a), y)
        loss_c = td + lam * action_smoothness(critic, s, a)
        opt_c.zero_grad()
        loss_c.backward()
        opt_c.step()
        loss_a = -critic(s, actor(s)).mean()
        opt_a.zero_grad()
        loss_a.backward()
        opt_a.step()
        print(f"it {it} td {td.item():.4f} actor {loss_a.item():.4f}")


if __name__ == "__main__":
    main()
