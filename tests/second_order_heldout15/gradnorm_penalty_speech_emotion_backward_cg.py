# Speech-emotion CNN trained with a parameter-gradient-norm penalty: the loss's backward is
# itself differentiated (loss.backward(create_graph=True), then a penalty on the .grad fields).
import torch
import torch.nn as nn


class EmotionCNN(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.SiLU(),
            nn.Conv2d(8, 16, 3, padding=1), nn.SiLU(),
            nn.AdaptiveAvgPool2d((1, 1)))
        self.classifier = nn.Linear(16, n_classes)

    def forward(self, mel):
        return self.classifier(torch.flatten(self.features(mel), 1))


model = EmotionCNN()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
rho = 0.1

for epoch in range(3):
    mel = torch.randn(6, 1, 20, 32)
    label = torch.randint(0, 4, (6,))
    optimizer.zero_grad()
    loss = criterion(model(mel), label)
    loss.backward(create_graph=True)
    grad_sq = sum((p.grad ** 2).sum() for p in model.parameters() if p.grad is not None)
    penalty = rho * grad_sq
    grads_pen = torch.autograd.grad(penalty, [p for p in model.parameters()])
    for p, gp in zip(model.parameters(), grads_pen):
        p.grad = p.grad.detach() + gp
    optimizer.step()
    print(epoch, loss.item(), penalty.item())
