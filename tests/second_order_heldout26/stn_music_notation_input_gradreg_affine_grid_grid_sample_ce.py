# Note-duration classifier for scanned music notation with a spatial transformer front-end,
# regularised by the squared input gradient of the loss (Ross & Doshi-Velez 2018).
import torch
import torch.nn as nn
import torch.nn.functional as F

DURATIONS = ["whole", "half", "quarter", "eighth"]


class STNClassifier(nn.Module):
    def __init__(self, n_cls=len(DURATIONS)):
        super().__init__()
        self.loc = nn.Sequential(nn.Conv2d(1, 4, 5), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                                 nn.Linear(4, 6))
        self.loc[-1].weight.data.zero_()
        self.loc[-1].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))
        self.features = nn.Sequential(nn.ZeroPad2d(1), nn.Conv2d(1, 8, 3, stride=2), nn.ReLU(),
                                      nn.Conv2d(8, 8, 3, stride=2), nn.ReLU())
        self.fc = nn.Linear(8 * 3 * 3, n_cls)

    def warp(self, x):
        theta = self.loc(x).view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return F.grid_sample(x, grid, align_corners=False)

    def forward(self, x):
        return self.fc(self.features(self.warp(x)).flatten(1))


def input_gradient_loss(model, x, y, lam=0.05):
    x = x.requires_grad_(True)
    ce = F.cross_entropy(model(x), y)
    (dx,) = torch.autograd.grad(ce, x, create_graph=True)
    return ce, ce + lam * dx.pow(2).sum() / x.size(0)


model = STNClassifier()
opt = torch.optim.Adam(model.parameters(), lr=5e-4)
for step in range(3):
    x = torch.rand(6, 1, 16, 16)
    y = torch.randint(0, len(DURATIONS), (6,))
    ce, total = input_gradient_loss(model, x, y)
    opt.zero_grad()
    total.backward()
    opt.step()
    print(step, ce.item(), total.item())
