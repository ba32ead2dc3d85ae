"""WGAN-GP on 1-D vibration snippets; activations come from a `get_activation(name)` if/elif factory, names from a
plain dict config (the style of many reference GAN repositories)."""
import torch
import torch.nn as nn

CONFIG = {
    "critic_act": "hardswish",
    "gen_act": "elu",
    "gp_weight": 10.0,
    "n_critic": 2,
}


def get_activation(name):
    if name == "relu":
        return nn.ReLU()
    elif name == "elu":
        return nn.ELU()
    elif name == "hardswish":
        return nn.Hardswish()
    elif name == "prelu":
        return nn.PReLU()
    else:
        raise ValueError(name)


class Critic(nn.Module):
    def __init__(self, act):
        super().__init__()
        self.conv = nn.Conv1d(1, 8, 5, padding=2)
        self.act = get_activation(act)
        self.pool = nn.AvgPool1d(2)
        self.fc = nn.Linear(8 * 32, 1)

    def forward(self, x):
        return self.fc(self.pool(self.act(self.conv(x))).flatten(1))


class Generator(nn.Module):
    def __init__(self, act, z_dim=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 64), get_activation(act), nn.Linear(64, 64))

    def forward(self, z):
        return self.net(z).unsqueeze(1)


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
    out = critic(mix)
    g = torch.autograd.grad(out, mix, grad_outputs=torch.ones_like(out), create_graph=True)[0]
    return ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()


D = Critic(CONFIG["critic_act"])
G = Generator(CONFIG["gen_act"])
opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
for step in range(2):
    real = torch.randn(8, 1, 64)
    for _ in range(CONFIG["n_critic"]):
        fake = G(torch.randn(8, 16)).detach()
        loss_d = D(fake).mean() - D(real).mean() + CONFIG["gp_weight"] * gradient_penalty(D, real, fake)
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
    loss_g = -D(G(torch.randn(8, 16))).mean()
    opt_g.zero_grad()
    loss_g.backward()
    opt_g.step()
