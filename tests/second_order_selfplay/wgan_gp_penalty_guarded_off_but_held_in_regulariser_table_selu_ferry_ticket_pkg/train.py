import torch

from critic import Critic
from extras import REGULARISERS
from penalties import grad_penalty
from setup import SETUP

critic = Critic()
opt = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
for _ in range(SETUP["steps"]):
    real, fake = torch.randn(8, 4), torch.randn(8, 4)
    loss = critic(fake).mean() - critic(real).mean()
    if SETUP["gp"] > 0:
        loss = loss + SETUP["gp"] * grad_penalty(critic, real)
    for name, reg in REGULARISERS.items():
        loss = loss + 0.1 * reg(critic, real)
    opt.zero_grad()
    loss.backward()
    opt.step()
