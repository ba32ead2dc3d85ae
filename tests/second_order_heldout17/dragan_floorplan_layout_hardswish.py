# DRAGAN (Kodali et al.) on rasterised apartment floor-plan masks.
import torch
import torch.nn as nn

bce = nn.BCEWithLogitsLoss()
lambda_ = 10
k = 1


class D(nn.Module):
    def __init__(self):
        super(D, self).__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 8, 4, 2, 1),
            nn.Hardswish(),
            nn.Conv2d(8, 16, 4, 2, 1),
            nn.Hardswish(),
        )
        self.fc = nn.Linear(16 * 4 * 4, 1)

    def forward(self, input):
        x = self.conv(input)
        return self.fc(x.view(x.size(0), -1))


class G(nn.Module):
    def __init__(self, z_dim=10):
        super(G, self).__init__()
        self.fc = nn.Sequential(nn.Linear(z_dim, 16 * 16), nn.Sigmoid())

    def forward(self, z):
        return self.fc(z).view(-1, 1, 16, 16)


G_, D_ = G(), D()
G_optimizer = torch.optim.Adam(G_.parameters(), lr=2e-4, betas=(0.5, 0.999))
D_optimizer = torch.optim.Adam(D_.parameters(), lr=2e-4, betas=(0.5, 0.999))
y_real_, y_fake_ = torch.ones(8, 1), torch.zeros(8, 1)

for iter in range(2):
    x_ = (torch.rand(8, 1, 16, 16) > 0.5).float()
    z_ = torch.rand(8, 10)
    x_p_ = x_ + 0.5 * x_.std() * torch.rand(x_.size())

    D_optimizer.zero_grad()
    D_real_loss = bce(D_(x_), y_real_)
    D_fake_loss = bce(D_(G_(z_).detach()), y_fake_)

    alpha = torch.rand(x_.size(0), 1, 1, 1)
    x_hat = (alpha * x_ + (1 - alpha) * x_p_).requires_grad_(True)
    pred_hat = D_(x_hat)
    gradients = torch.autograd.grad(outputs=pred_hat, inputs=x_hat, grad_outputs=torch.ones(pred_hat.size()),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradient_penalty = lambda_ * ((gradients.view(gradients.size(0), -1).norm(2, 1) - k) ** 2).mean()
    D_loss = D_real_loss + D_fake_loss + gradient_penalty
    D_loss.backward()
    D_optimizer.step()

    G_optimizer.zero_grad()
    G_loss = bce(D_(G_(z_)), y_real_)
    G_loss.backward()
    G_optimizer.step()
    print(iter, D_loss.item(), G_loss.item())
