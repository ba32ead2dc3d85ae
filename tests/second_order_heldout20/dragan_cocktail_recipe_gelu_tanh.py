# DRAGAN (Kodali et al.) on ingredient-proportion vectors of cocktail recipes
import torch
import torch.nn as nn

N_ING = 24
lambda_ = 10.0

G = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, N_ING), nn.Softmax(dim=1))
D = nn.Sequential(
    nn.Linear(N_ING, 64),
    nn.GELU(approximate="tanh"),
    nn.Linear(64, 1),
    nn.Sigmoid(),
)
bce = nn.BCELoss()
g_opt = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
d_opt = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))

for epoch in range(2):
    x = torch.softmax(torch.randn(16, N_ING), 1)
    ones, zeros = torch.ones(16, 1), torch.zeros(16, 1)
    d_opt.zero_grad()
    D_real_loss = bce(D(x), ones)
    D_fake_loss = bce(D(G(torch.randn(16, 8)).detach()), zeros)
    alpha = torch.rand(16, 1)
    x_p = x + 0.5 * x.std() * torch.rand(x.size())
    differences = x_p - x
    interpolates = (x + alpha * differences).requires_grad_(True)
    pred_hat = D(interpolates)
    gradients = torch.autograd.grad(outputs=pred_hat, inputs=interpolates,
                                    grad_outputs=torch.ones(pred_hat.size()),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradient_penalty = lambda_ * ((gradients.view(gradients.size()[0], -1).norm(2, 1) - 1) ** 2).mean()
    D_loss = D_real_loss + D_fake_loss + gradient_penalty
    D_loss.backward()
    d_opt.step()
    g_opt.zero_grad()
    G_loss = bce(D(G(torch.randn(16, 8))), ones)
    G_loss.backward()
    g_opt.step()
