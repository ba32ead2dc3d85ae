"""DRAGAN (Kodali et al.) for synthetic marathon pace profiles (split times per km)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

SEQ = 32
lambda_ = 10
k = 1


class PaceCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(1, 8, 5, padding=2)
        self.act1 = nn.PReLU(8)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8 * SEQ // 2, 1)
        self.register_buffer("course_elevation", torch.linspace(0.0, 1.0, SEQ))

    def forward(self, x):
        terrain = F.avg_pool1d(self.course_elevation.view(1, 1, -1), 2)
        h = self.pool(self.act1(self.conv1(x))) + terrain
        h = torch.relu(self.conv2(h))
        return torch.sigmoid(self.fc(h.flatten(1)))


class PaceGen(nn.Module):
    def __init__(self, z=8):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(z, 64), nn.ReLU(), nn.Linear(64, SEQ))

    def forward(self, z):
        return self.fc(z).unsqueeze(1)


D, G = PaceCritic(), PaceGen()
D_optimizer = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
G_optimizer = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
BCE_loss = nn.BCELoss()

for it in range(2):
    x_ = torch.randn(8, 1, SEQ)
    z_ = torch.randn(8, 8)
    y_real_, y_fake_ = torch.ones(8, 1), torch.zeros(8, 1)
    x_p_ = x_ + 0.5 * x_.std() * torch.rand(x_.size())

    D_optimizer.zero_grad()
    D_real_loss = BCE_loss(D(x_), y_real_)
    D_fake_loss = BCE_loss(D(G(z_).detach()), y_fake_)
    alpha = torch.rand(x_.size(0), 1, 1)
    differences = x_p_ - x_
    interpolates = (x_ + alpha * differences).requires_grad_(True)
    pred_hat = D(interpolates)
    gradients = torch.autograd.grad(outputs=pred_hat, inputs=interpolates,
                                    grad_outputs=torch.ones(pred_hat.size()),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradient_penalty = lambda_ * ((gradients.view(gradients.size(0), -1).norm(2, dim=1) - k) ** 2).mean()
    D_loss = D_real_loss + D_fake_loss + gradient_penalty
    D_loss.backward()
    D_optimizer.step()

    G_optimizer.zero_grad()
    G_loss = BCE_loss(D(G(z_)), y_real_)
    G_loss.backward()
    G_optimizer.step()
print(D_loss.item(), G_loss.item())
