import torch
import torch.nn as nn

N_CHORDS, SEQ = 24, 8


def make_critic():
    return nn.Sequential(
        nn.Flatten(),
        nn.Linear(N_CHORDS * SEQ, 128),
        nn.GELU(approximate="tanh"),
        nn.Linear(128, 1),
    )


def dragan_penalty(critic, real, lambda_=10.0, k=1.0):
    alpha = torch.rand(real.size(0), 1, 1).expand_as(real)
    perturbed = real + 0.5 * real.std() * torch.rand_like(real)
    x_hat = (alpha * real + (1 - alpha) * perturbed).detach().requires_grad_()
    pred = critic(x_hat)
    grad = torch.autograd.grad(pred, x_hat, torch.ones_like(pred), create_graph=True, retain_graph=True)[0]
    return lambda_ * ((grad.view(grad.size(0), -1).norm(2, dim=1) - k) ** 2).mean()


critic = make_critic()
gen = nn.Sequential(nn.Linear(16, N_CHORDS * SEQ), nn.Unflatten(1, (SEQ, N_CHORDS)), nn.Softmax(dim=-1))
bce = nn.BCEWithLogitsLoss()
c_opt = torch.optim.Adam(critic.parameters(), lr=1e-4)
for step in range(2):
    real = torch.softmax(torch.randn(8, SEQ, N_CHORDS), -1)
    fake = gen(torch.randn(8, 16)).detach()
    c_loss = bce(critic(real), torch.ones(8, 1)) + bce(critic(fake), torch.zeros(8, 1))
    c_loss = c_loss + dragan_penalty(critic, real)
    c_opt.zero_grad()
    c_loss.backward()
    c_opt.step()
