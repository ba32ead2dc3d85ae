import torch.nn as nn
import torch.nn.functional as F


class Student(nn.Module):
    def __init__(self, n_cls=10):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 3, padding=1)
        self.c2 = nn.Conv2d(16, 32, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(32 * 4 * 4, n_cls)

    def forward(self, x):
        x = self.pool(F.relu(self.c1(x)))
        x = self.pool(F.relu(self.c2(x)))
        return self.fc(x.flatten(1))


class Teacher(Student):
    def __init__(self, n_cls=10):
        super().__init__(n_cls)
        self.c0 = nn.Conv2d(3, 3, 1)

    def forward(self, x):
        x = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
        x = F.elu(self.c0(x))
        x = F.avg_pool2d(x, 2)
        return super().forward(x)
