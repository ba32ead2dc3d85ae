# DRAGAN (Kodali et al.) on single-lead ECG beats: gradient penalty around perturbed real samples.
import torch
from torch import nn, optim

lambda_ = 10
k = 1

G = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 64), nn.Tanh())
D = nn.Sequential(
    nn.Linear(64, 32),
    nn.Hardswish(),
    nn.Linear(32, 32),
    nn.Hardswish(),
    nn.Linear(32, 1),
)
criterion = nn.BCEWithLogitsLoss()
D_optimizer = optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
G_optimizer = optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))

for step in range(2):
    x_ = torch.randn(6, 64)
    z_ = torch.randn(6, 8)
    y_real_, y_fake_ = torch.ones(6, 1), torch.zeros(6, 1)

    D_optimizer.zero_grad()
    D_real_loss = criterion(D(x_), y_real_)
    D_fake_loss = criterion(D(G(z_).detach()), y_fake_)

    alpha = torch.rand(x_.size(0), 1)
    x_p = x_ + 0.5 * x_.std() * torch.rand(x_.size())
    differences = x_p - x_
    interpolates = (x_ + alpha * differences).requires_grad_(True)
    pred_hat = D(interpolates)
    gradients = torch.autograd.grad(outputs=pred_hat, inputs=interpolates,
                                    grad_outputs=torch.ones(pred_hat.size()),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradient_penalty = lambda_ * ((gradients.norm(2, dim=1) - k) ** 2).mean()

    D_loss = D_real_loss + D_fake_loss + gradient_penalty
    D_loss.backward()
    D_optimizer.step()

    G_optimizer.zero_grad()
    G_loss = criterion(D(G(z_)), y_real_)
    G_loss.backward()
    G_optimizer.step()
