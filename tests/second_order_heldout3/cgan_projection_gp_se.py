"""Conditional WGAN-GP with a projection discriminator (class embedding inner product) and squeeze-excitation blocks."""
import torch
import torch.nn as nn


class SEBlock(nn.Module):
    def __init__(self, ch, reduction=4):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Linear(ch, ch // reduction)
        self.act = nn.ReLU(inplace=True)
        self.fc2 = nn.Linear(ch // reduction, ch)
        self.gate = nn.Sigmoid()

    def forward(self, x):
        s = self.pool(x).flatten(1)
        s = self.gate(self.fc2(self.act(self.fc1(s))))
        return x * s[:, :, None, None]


class ProjectionDiscriminator(nn.Module):
    def __init__(self, num_classes=10, ch=64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, ch, 3, 2, 1), nn.LeakyReLU(0.1),
            nn.Conv2d(ch, ch * 2, 3, 2, 1), nn.LeakyReLU(0.1),
            SEBlock(ch * 2),
        )
        self.linear = nn.Linear(ch * 2, 1)
        self.embed = nn.Embedding(num_classes, ch * 2)

    def forward(self, x, y):
        h = self.body(x).sum(dim=(2, 3))
        return self.linear(h).squeeze(1) + (self.embed(y) * h).sum(1)


def gradient_penalty(D, real, fake, labels):
    t = torch.rand(real.size(0), 1, 1, 1)
    mixed = (t * real + (1 - t) * fake).requires_grad_(True)
    scores = D(mixed, labels)
    grads = torch.autograd.grad(
        outputs=scores,
        inputs=mixed,
        grad_outputs=torch.ones_like(scores),
        create_graph=True,
    )[0]
    return ((grads.view(grads.size(0), -1).norm(2, dim=1) - 1) ** 2).mean()


def train(G, loader, epochs=20, lambda_gp=10.0):
    D = ProjectionDiscriminator()
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for _ in range(epochs):
        for real, labels in loader:
            with torch.no_grad():
                fake = G(torch.randn(real.size(0), 128), labels)
            loss = D(fake, labels).mean() - D(real, labels).mean() + lambda_gp * gradient_penalty(D, real, fake, labels)
            opt_d.zero_grad()
            loss.backward()
            opt_d.step()
