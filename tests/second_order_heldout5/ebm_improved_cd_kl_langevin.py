"""Energy-based model trained with improved contrastive divergence (Du et al. 2021): besides the CD loss,
a KL term backpropagates through the last Langevin steps, which are taken with create_graph=True, into the
energy parameters; the sample energy is scored by a frozen copy of the model."""
import copy

import torch
import torch.nn as nn


class CondResBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.body = nn.Sequential(
            nn.ReflectionPad2d(1),
            nn.Conv2d(ch, ch, 3),
            nn.SiLU(),
            nn.Conv2d(ch, ch, 1),
        )

    def forward(self, x):
        return x + self.body(x)


class EnergyModel(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.stem = nn.Conv2d(1, ch, 3, padding=1)
        self.blocks = nn.Sequential(CondResBlock(ch), nn.Conv2d(ch, 2 * ch, 4, 2, 1), nn.SiLU(),
                                    CondResBlock(2 * ch), nn.Conv2d(2 * ch, 2 * ch, 4, 2, 1), nn.SiLU())
        self.energy_head = nn.Linear(2 * ch, 1)

    def forward(self, x):
        h = self.blocks(self.stem(x))
        return self.energy_head(h.mean(dim=(2, 3))).squeeze(-1)


def langevin_chain(model, x, num_steps, step_lr, noise_scale=0.005, keep_graph_last=2):
    for i in range(num_steps):
        differentiable = i >= num_steps - keep_graph_last
        if not differentiable:
            x = x.detach().requires_grad_(True)
        x = x + noise_scale * torch.randn_like(x)
        energy = model(x).sum()
        x_grad = torch.autograd.grad(energy, x, create_graph=differentiable)[0]
        x = (x - step_lr * x_grad).clamp(-1.0, 1.0)
    return x


def train(loader, steps=10000, num_steps=40, step_lr=10.0, kl_coeff=1.0, l2_coeff=1.0):
    model = EnergyModel()
    opt = torch.optim.Adam(model.parameters(), lr=1e-4, betas=(0.0, 0.99))
    replay = torch.rand(1000, 1, 16, 16) * 2 - 1
    it = 0
    for x_pos, _ in loader:
        idx = torch.randint(0, replay.size(0), (x_pos.size(0),))
        x_init = replay[idx].clone()
        x_kl = langevin_chain(model, x_init, num_steps, step_lr)
        x_neg = x_kl.detach()
        replay[idx] = x_neg
        frozen = copy.deepcopy(model).requires_grad_(False)
        loss_kl = frozen(x_kl).mean()
        e_pos, e_neg = model(x_pos), model(x_neg)
        loss_cd = e_pos.mean() - e_neg.mean()
        loss = loss_cd + l2_coeff * (e_pos.pow(2).mean() + e_neg.pow(2).mean()) + kl_coeff * loss_kl
        opt.zero_grad()
        loss.backward()
        opt.step()
        it += 1
        if it >= steps:
            break
    return model
