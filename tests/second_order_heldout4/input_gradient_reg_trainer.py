"""Input-gradient regularisation (Ross & Doshi-Velez, 2018) for robustness: penalise the norm of the
gradient of the cross-entropy w.r.t. the image; the trainer keeps the criterion and the model as attributes."""
import torch
import torch.nn as nn


class VGGish(nn.Module):
    def __init__(self, n_cls=10, cfg=(32, "M", 64, "M", 128)):
        super().__init__()
        layers, cin = [], 3
        for v in cfg:
            if v == "M":
                layers.append(nn.MaxPool2d(kernel_size=2, stride=2))
            else:
                layers += [nn.Conv2d(cin, v, 3, padding=1, bias=False), nn.BatchNorm2d(v), nn.ReLU(inplace=True)]
                cin = v
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Linear(cin, n_cls)

    def forward(self, x):
        return self.classifier(self.features(x).mean(dim=(2, 3)))


class IGRTrainer:
    def __init__(self, model, lam=0.1, lr=0.05):
        self.model = model
        self.criterion = nn.CrossEntropyLoss()
        self.lam = lam
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, weight_decay=5e-4)

    def step(self, x, y):
        x = x.clone().requires_grad_(True)
        loss = self.criterion(self.model(x), y)
        (gx,) = torch.autograd.grad(loss, x, retain_graph=True, create_graph=True)
        total = loss + self.lam * gx.flatten(1).pow(2).sum(1).mean()
        self.opt.zero_grad()
        total.backward()
        self.opt.step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = sum((self.model(x).argmax(1) == y).sum().item() for x, y in loader)
        self.model.train()
        return correct


def fit(loader, epochs=30):
    trainer = IGRTrainer(VGGish())
    for _ in range(epochs):
        for x, y in loader:
            trainer.step(x, y)
    return trainer
