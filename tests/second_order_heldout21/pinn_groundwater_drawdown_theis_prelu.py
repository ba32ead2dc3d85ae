"""PINN for radial groundwater flow to a pumping well (Theis problem).

    S * dh/dt = T * (h_rr + h_r / r)
"""
import torch
import torch.nn as nn

torch.manual_seed(0)
S, T = 1e-3, 5e-2


class DrawdownNet(nn.Module):
    def __init__(self, width=20, depth=3):
        super().__init__()
        layers, d_in = [], 2
        for _ in range(depth):
            layers += [nn.Linear(d_in, width), nn.PReLU(num_parameters=width)]
            d_in = width
        layers.append(nn.Linear(d_in, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, r, t):
        return self.net(torch.cat([r, t], dim=1))


def derivative(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


model = DrawdownNet()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
r = (torch.rand(64, 1) * 9 + 1).requires_grad_(True)
t = torch.rand(64, 1).requires_grad_(True)
r_obs, t_obs = torch.rand(8, 1) * 9 + 1, torch.rand(8, 1)
h_obs = torch.log(r_obs) * 0.1

for epoch in range(3):
    optimizer.zero_grad()
    h = model(r, t)
    h_r = derivative(h, r)
    h_rr = derivative(h_r, r)
    h_t = derivative(h, t)
    residual = S * h_t - T * (h_rr + h_r / r)
    loss = residual.pow(2).mean() + (model(r_obs, t_obs) - h_obs).pow(2).mean()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
