# DRAGAN (Kodali et al.) for synthetic county-level crop-yield tables.
import torch
import torch.nn as nn

N_FEAT = 12
lambda_ = 10.0
k = 1.0

generator = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, N_FEAT))
discriminator = nn.Sequential(
    nn.Linear(N_FEAT, 64),
    nn.ELU(),
    nn.Linear(64, 64),
    nn.ELU(),
    nn.Linear(64, 1),
)
bce = nn.BCEWithLogitsLoss()
g_opt = torch.optim.Adam(generator.parameters(), lr=2e-4)
d_opt = torch.optim.Adam(discriminator.parameters(), lr=2e-4)


def dragan_penalty(D, x):
    alpha = torch.rand(x.size(0), 1)
    x_hat = x + 0.5 * x.std() * torch.rand_like(x)
    x_hat = (alpha * x + (1 - alpha) * x_hat).detach().requires_grad_(True)
    out = D(x_hat)
    grad = torch.autograd.grad(out, x_hat, grad_outputs=torch.ones_like(out), create_graph=True)[0]
    return lambda_ * ((grad.norm(2, dim=1) - k) ** 2).mean()


for epoch in range(3):
    real = torch.randn(16, N_FEAT)
    fake = generator(torch.randn(16, 8))
    ones, zeros = torch.ones(16, 1), torch.zeros(16, 1)
    d_loss = bce(discriminator(real), ones) + bce(discriminator(fake.detach()), zeros)
    d_loss = d_loss + dragan_penalty(discriminator, real)
    d_opt.zero_grad()
    d_loss.backward()
    d_opt.step()
    g_loss = bce(discriminator(fake), ones)
    g_opt.zero_grad()
    g_loss.backward()
    g_opt.step()
    print(epoch, d_loss.item(), g_loss.item())
