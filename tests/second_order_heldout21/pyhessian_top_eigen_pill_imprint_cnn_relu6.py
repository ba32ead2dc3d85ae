# Top Hessian eigenvalue of a pill-imprint recogniser (PyHessian-style power iteration),
# used to compare checkpoints' sharpness before deployment in a pharmacy verification kiosk.
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn(cin, cout, stride):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU6(inplace=True))


class PillNet(nn.Module):
    def __init__(self, n_classes=12):
        super().__init__()
        self.features = nn.Sequential(conv_bn(3, 8, 2), conv_bn(8, 16, 2))
        self.gap = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(16, n_classes)

    def forward(self, x):
        return self.fc(torch.flatten(self.gap(self.features(x)), 1))


def normalization(v):
    s = torch.sqrt(sum(torch.sum(x * x) for x in v))
    return [x / (s + 1e-6) for x in v]


def hessian_vector_product(gradsH, params, v):
    return torch.autograd.grad(gradsH, params, grad_outputs=v, only_inputs=True, retain_graph=True)


def top_eigenvalue(model, inputs, targets, max_iter=5):
    params = [p for p in model.parameters() if p.requires_grad]
    loss = F.cross_entropy(model(inputs), targets)
    gradsH = torch.autograd.grad(loss, params, create_graph=True)
    v = normalization([torch.randn_like(p) for p in params])
    eigenvalue = None
    for _ in range(max_iter):
        Hv = hessian_vector_product(gradsH, params, v)
        eigenvalue = sum(torch.sum(h * vv) for h, vv in zip(Hv, v)).item()
        v = normalization([h.detach() for h in Hv])
    return eigenvalue


model = PillNet()
model.eval()
x, y = torch.randn(4, 3, 16, 16), torch.randint(0, 12, (4,))
print("lambda_max", top_eigenvalue(model, x, y))
